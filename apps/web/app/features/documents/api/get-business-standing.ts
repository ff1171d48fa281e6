import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * Whether the customer applied as a business (GET /api/v1/me/business answers 404
 * BUSINESS_NOT_FOUND otherwise): a business also sends its company documents here.
 */
export function useIsBusiness(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: ['me', 'business', 'exists'] as const,
      queryFn: async ({ signal }) => {
        try {
          await apiFetch<unknown>(apiPaths.myBusiness(), { locale, signal });
          return true;
        } catch (error) {
          if (isApiError(error) && error.code === 'BUSINESS_NOT_FOUND') return false;
          throw error;
        }
      },
    }),
  );
}
