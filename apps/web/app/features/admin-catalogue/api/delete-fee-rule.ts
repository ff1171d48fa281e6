import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** DELETE /api/v1/admin/fee-rules/:id (the general rate applies to that pair again) */
export function deleteFeeRule(id: string, locale: Locale): Promise<void> {
  return apiFetch<void>(apiPaths.adminFeeRule(id), { locale, method: 'DELETE' });
}

export function useDeleteFeeRule(locale: Locale) {
  return useCatalogueMutation((id: string) => deleteFeeRule(id, locale));
}
