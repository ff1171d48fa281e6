import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyView,
  BusinessApply,
  BusinessView,
} from '@permuta/contracts/partners';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const myBusinessKey = ['me', 'business'] as const;
export const myApiKeysKey = ['me', 'api-keys'] as const;

/** GET /api/v1/me/business: the business, or null when the account never applied. */
export function getMyBusiness(locale: Locale, signal?: AbortSignal): Promise<BusinessView | null> {
  return apiFetch<BusinessView | null>(apiPaths.myBusiness(), { locale, signal });
}

export function useMyBusiness(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: myBusinessKey,
      queryFn: ({ signal }) => getMyBusiness(locale, signal),
    }),
  );
}

/** PUT /api/v1/me/business */
export function useApplyBusiness(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessApply) =>
      apiFetch<BusinessView>(apiPaths.myBusiness(), { locale, method: 'PUT', body: input }),
    onSuccess: (business) => client.setQueryData(myBusinessKey, business),
  });
}

export interface ApiKeyList {
  items: ApiKeyView[];
  maxRateLimitPerMinute: number;
}

/** GET /api/v1/me/api-keys */
export function useMyApiKeys(locale: Locale, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: myApiKeysKey,
      queryFn: ({ signal }) => apiFetch<ApiKeyList>(apiPaths.myApiKeys(), { locale, signal }),
      enabled,
    }),
  );
}

/** POST /api/v1/me/api-keys: the answer holds the whole key, shown once. */
export function useCreateApiKey(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) =>
      apiFetch<ApiKeyCreated>(apiPaths.myApiKeys(), { locale, method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: myApiKeysKey }),
  });
}

/** POST /api/v1/me/api-keys/:id/revoke */
export function useRevokeApiKey(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ApiKeyView>(apiPaths.myApiKeyRevoke(id), { locale, method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: myApiKeysKey }),
  });
}

export type AdminBusiness = BusinessView & { apiKeys: ApiKeyView[] };

/** GET /api/v1/admin/customers/:id/business: null when the customer is not a business. */
export function useAdminBusiness(locale: Locale, customerId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'customers', customerId, 'business'] as const,
      queryFn: ({ signal }) =>
        apiFetch<AdminBusiness | null>(apiPaths.adminCustomerBusiness(customerId), {
          locale,
          signal,
        }),
    }),
  );
}

/** POST /api/v1/admin/customers/:id/business */
export function useDecideBusiness(locale: Locale, customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'approve' | 'revoke') =>
      apiFetch<BusinessView>(apiPaths.adminCustomerBusiness(customerId), {
        locale,
        method: 'POST',
        body: { decision },
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: ['admin', 'customers', customerId, 'business'] }),
  });
}
