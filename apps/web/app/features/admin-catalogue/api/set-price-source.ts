import type { AdminToken, PriceSource } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

export interface PriceSourceInput {
  source: PriceSource;
  exchangeSymbol: string | null;
}

/** PUT /api/v1/admin/tokens/:coinName/price-source */
export function setPriceSource(code: string, input: PriceSourceInput, locale: Locale) {
  return apiFetch<AdminToken>(apiPaths.adminTokenPriceSource(code), {
    locale,
    method: 'PUT',
    body: input,
  });
}

export function useSetPriceSource(code: string, locale: Locale) {
  return useCatalogueMutation((input: PriceSourceInput) => setPriceSource(code, input, locale));
}
