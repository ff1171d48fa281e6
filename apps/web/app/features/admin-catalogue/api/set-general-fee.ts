import type { FeeRules } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** PUT /api/v1/admin/fee-rules/general */
export function setGeneralFee(rate: string, locale: Locale): Promise<FeeRules> {
  return apiFetch<FeeRules>(apiPaths.adminFeeRuleGeneral(), {
    locale,
    method: 'PUT',
    body: { rate },
  });
}

export function useSetGeneralFee(locale: Locale) {
  return useCatalogueMutation((rate: string) => setGeneralFee(rate, locale));
}
