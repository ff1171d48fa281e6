import type { FeeRule } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** PATCH /api/v1/admin/fee-rules/:id (the rate of a pair rule) */
export function updateFeeRule(id: string, rate: string, locale: Locale): Promise<FeeRule> {
  return apiFetch<FeeRule>(apiPaths.adminFeeRule(id), { locale, method: 'PATCH', body: { rate } });
}

export function useUpdateFeeRule(locale: Locale) {
  return useCatalogueMutation((input: { id: string; rate: string }) =>
    updateFeeRule(input.id, input.rate, locale),
  );
}
