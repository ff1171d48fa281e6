import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { CustomerProfile } from './types.ts';

/** POST /api/v1/admin/customers/:id/national-id */
export function verifyNationalId(
  id: string,
  verified: boolean,
  locale: Locale,
): Promise<{ message: string; customer: CustomerProfile }> {
  return apiFetch<{ message: string; customer: CustomerProfile }>(
    apiPaths.adminCustomerNationalId(id),
    {
      locale,
      method: 'POST',
      body: { verified },
    },
  );
}

export function useVerifyNationalId(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verified: boolean) => verifyNationalId(id, verified, locale),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'customer'] }),
  });
}
