import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

export interface ManualPriceChange {
  priceBrl: string;
  /** the second step of a change beyond the settings' percentage (409 PRICE_CHANGE_UNCONFIRMED) */
  confirm?: boolean;
}

/** PUT /api/v1/admin/tokens/:coinName/price: a manual price in BRL. */
export function setManualPrice(code: string, change: ManualPriceChange, locale: Locale) {
  return apiFetch<AdminToken>(apiPaths.adminTokenPrice(code), {
    locale,
    method: 'PUT',
    body: change.confirm
      ? { priceBrl: change.priceBrl, confirm: true }
      : { priceBrl: change.priceBrl },
  });
}

export function useSetManualPrice(code: string, locale: Locale) {
  return useCatalogueMutation((change: ManualPriceChange) => setManualPrice(code, change, locale));
}
