import type { FeeRule, FeeRuleCreateInput } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** POST /api/v1/admin/fee-rules: a rule for a pair (token sent, token received). */
export function createFeeRule(input: FeeRuleCreateInput, locale: Locale): Promise<FeeRule> {
  return apiFetch<FeeRule>(apiPaths.adminFeeRules(), { locale, method: 'POST', body: input });
}

export function useCreateFeeRule(locale: Locale) {
  return useCatalogueMutation((input: FeeRuleCreateInput) => createFeeRule(input, locale));
}
