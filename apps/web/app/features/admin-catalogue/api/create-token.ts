import type { AdminToken, TokenCreateInput } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** POST /api/v1/admin/tokens: a token with at least one network. */
export function createToken(input: TokenCreateInput, locale: Locale): Promise<AdminToken> {
  return apiFetch<AdminToken>(apiPaths.adminTokens(), { locale, method: 'POST', body: input });
}

export function useCreateToken(locale: Locale) {
  return useCatalogueMutation((input: TokenCreateInput) => createToken(input, locale));
}
