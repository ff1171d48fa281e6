import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IntegrationProvider,
  IntegrationTest,
  IntegrationUpdate,
  IntegrationView,
  IntegrationsView,
} from '@permuta/contracts/integrations';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

const KEY = ['admin', 'integrations'] as const;

/** GET /api/v1/admin/integrations: each provider, which credentials are set, its switches. */
export function useIntegrations(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: KEY,
      queryFn: ({ signal }) =>
        apiFetch<IntegrationsView>(apiPaths.adminIntegrations(), { locale, signal }),
      // the form keeps what the owner types: no refetch behind their back
      refetchOnWindowFocus: false,
    }),
  );
}

/** PUT /api/v1/admin/integrations/:provider: only what was filled in changes (audited). */
export function useUpdateIntegration(provider: IntegrationProvider, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: IntegrationUpdate) =>
      apiFetch<IntegrationView>(apiPaths.adminIntegration(provider), {
        locale,
        method: 'PUT',
        body: change,
      }),
    onSuccess: (saved) =>
      client.setQueryData<IntegrationsView>(KEY, (current) =>
        current
          ? {
              integrations: current.integrations.map((item) =>
                item.provider === saved.provider ? saved : item,
              ),
            }
          : current,
      ),
  });
}

/** POST /api/v1/admin/integrations/:provider/test: a harmless call with the stored settings. */
export function useTestIntegration(provider: IntegrationProvider, locale: Locale) {
  return useMutation({
    mutationFn: () =>
      apiFetch<IntegrationTest>(apiPaths.adminIntegrationTest(provider), {
        locale,
        method: 'POST',
      }),
  });
}
