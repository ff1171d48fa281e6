import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { CustomerProfile } from './types.ts';

/** PATCH /api/v1/admin/customers/:id/active (deactivation ends the customer's sessions). */
export function setCustomerActive(
  id: string,
  active: boolean,
  locale: Locale,
): Promise<CustomerProfile> {
  return apiFetch<CustomerProfile>(apiPaths.adminCustomerActive(id), {
    locale,
    method: 'PATCH',
    body: { active },
  });
}

export function useSetCustomerActive(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setCustomerActive(id, active, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'customer'] }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'customers'] }),
  });
}
