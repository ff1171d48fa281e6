import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { replaceProfile } from './replace-profile.ts';

export interface DefaultTokensInput {
  defaultSendToken: string | null;
  defaultReceiveToken: string | null;
}

/** PATCH /api/v1/me/default-tokens: the pair the exchange screens start with. */
export function updateDefaultTokens(
  input: DefaultTokensInput,
  locale: Locale,
): Promise<CustomerProfile> {
  return apiFetch<CustomerProfile>(apiPaths.defaultTokens(), {
    locale,
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateDefaultTokens(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DefaultTokensInput) => updateDefaultTokens(input, locale),
    onSuccess: (profile) => replaceProfile(client, profile),
  });
}
