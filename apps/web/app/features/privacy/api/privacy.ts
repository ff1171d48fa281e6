import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentStatus, PrivacyOverview } from '@permuta/contracts/privacy';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';

/**
 * Query keys of personal data and consent, under the browser session's start (another sign-in
 * in this tab never sees the previous customer's answers).
 */
export const privacyKeys = {
  all: ['privacy'] as const,
  overview: (session: string | null) => ['privacy', session, 'overview'] as const,
  consents: (session: string | null) => ['privacy', session, 'consents'] as const,
};

const useSessionKey = () => useSession()?.createdAt ?? null;

/** GET /api/v1/me/privacy: what a deletion erases and keeps, and the open orders that block it. */
export function usePrivacyOverview(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.overview(useSessionKey()),
      queryFn: ({ signal }) =>
        apiFetch<PrivacyOverview>(apiPaths.privacyOverview(), { locale, signal }),
      staleTime: 0,
    }),
  );
}

/** GET /api/v1/me/consents: the current legal documents and those still to accept. */
export function useMyConsents(locale: Locale, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.consents(useSessionKey()),
      queryFn: ({ signal }) => apiFetch<ConsentStatus>(apiPaths.myConsents(), { locale, signal }),
      staleTime: 0,
      enabled,
    }),
  );
}

/** POST /api/v1/me/consents: accept the current versions shown. */
export function useAcceptConsents(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: string[]) =>
      apiFetch<ConsentStatus>(apiPaths.myConsents(), {
        locale,
        method: 'POST',
        body: { documentIds },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** POST /api/v1/me/privacy/deletion: the password again; the account is anonymised. */
export function useDeleteAccount(locale: Locale) {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<undefined>(apiPaths.privacyDeletion(), {
        locale,
        method: 'POST',
        body: { password },
      }),
  });
}

/**
 * GET /api/v1/me/privacy/export, saved as the file the API names. Fetched (not a plain link) so
 * that a refusal (429, 401) shows as a message rather than a downloaded error.
 */
export async function downloadExport(locale: Locale): Promise<void> {
  const response = await fetch(apiPaths.privacyExport(), {
    credentials: 'include',
    headers: { accept: 'application/json', 'accept-language': locale },
  });
  if (!response.ok) {
    let message = '';
    try {
      message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? '';
    } catch {
      // not JSON: the generic message
    }
    throw new Error(message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'permuta-my-data.json';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
