import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CoafDeclaration,
  CoafDeclarationInput,
  ComplianceCase,
  ComplianceCasePage,
  ComplianceDecisionInput,
  ComplianceSummary,
} from '@permuta/contracts/compliance';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

const KEY = ['admin', 'compliance'] as const;

export interface CaseFilters {
  status?: string | undefined;
  rule?: string | undefined;
  customer?: string | undefined;
}

/** GET /api/v1/admin/compliance/cases (keyset: `nextCursor` opens the next page) */
export function useComplianceCases(
  filters: CaseFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'cases', filters, cursor ?? null],
      queryFn: ({ signal }) =>
        apiFetch<ComplianceCasePage>(apiPaths.adminComplianceCases({ ...filters, cursor }), {
          locale,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/admin/compliance/cases/:id */
export function useComplianceCase(id: string | null, locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'case', id],
      queryFn: ({ signal }) =>
        apiFetch<ComplianceCase>(apiPaths.adminComplianceCase(id ?? ''), { locale, signal }),
      enabled: id !== null,
    }),
  );
}

/** GET /api/v1/admin/compliance/summary: the menu's count and the yearly declaration. */
export function useComplianceSummary(locale: Locale, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'summary'],
      queryFn: ({ signal }) =>
        apiFetch<ComplianceSummary>(apiPaths.adminComplianceSummary, { locale, signal }),
      enabled,
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
  );
}

function useCaseMutation<I>(request: (id: string, input: I) => Promise<ComplianceCase>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: I }) => request(id, input),
    onSuccess: (data) => client.setQueryData([...KEY, 'case', data.id], data),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/v1/admin/compliance/cases/:id/notes */
export function useAddNote(locale: Locale) {
  return useCaseMutation((id: string, text: string) =>
    apiFetch<ComplianceCase>(apiPaths.adminComplianceNotes(id), { locale, body: { text } }),
  );
}

/** POST /api/v1/admin/compliance/cases/:id/decision (once) */
export function useDecideCase(locale: Locale) {
  return useCaseMutation((id: string, input: ComplianceDecisionInput) =>
    apiFetch<ComplianceCase>(apiPaths.adminComplianceDecision(id), { locale, body: input }),
  );
}

/** POST /api/v1/admin/compliance/declarations (owners; once per year) */
export function useRecordDeclaration(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CoafDeclarationInput) =>
      apiFetch<CoafDeclaration>(apiPaths.adminCoafDeclarations, { locale, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, 'summary'] }),
  });
}
