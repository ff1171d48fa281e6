import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

export interface TokenChanges {
  name?: string;
  kind?: 'crypto' | 'pix' | 'deriv';
  precision?: number;
  isLegalMoney?: boolean;
  trading?: boolean;
  sortOrder?: number;
}

/** PATCH /api/v1/admin/tokens/:coinName */
export function updateToken(code: string, changes: TokenChanges, locale: Locale) {
  return apiFetch<AdminToken>(apiPaths.adminToken(code), {
    locale,
    method: 'PATCH',
    body: changes,
  });
}

export function useUpdateToken(code: string, locale: Locale) {
  return useCatalogueMutation((changes: TokenChanges) => updateToken(code, changes, locale));
}
