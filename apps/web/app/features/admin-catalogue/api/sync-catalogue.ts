import type { CatalogueSyncResult } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** POST /api/v1/admin/catalogue/sync: import coins and networks from the exchange. */
export function syncCatalogue(locale: Locale): Promise<CatalogueSyncResult> {
  return apiFetch<CatalogueSyncResult>(apiPaths.adminCatalogueSync(), { locale, method: 'POST' });
}

export function useSyncCatalogue(locale: Locale) {
  return useCatalogueMutation(() => syncCatalogue(locale));
}
