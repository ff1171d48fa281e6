import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { replaceProfile } from './replace-profile.ts';

export interface ContactInput {
  name: string;
  phone: string;
}

/** PATCH /api/v1/me/contact: name and phone; answers `{ message, profile }`. */
export async function updateContact(input: ContactInput, locale: Locale): Promise<CustomerProfile> {
  const answer = await apiFetch<{ message: string; profile: CustomerProfile } | CustomerProfile>(
    apiPaths.contact(),
    { locale, method: 'PATCH', body: input },
  );
  // docs/accounts-api.md listed the bare profile; the API wraps it with the success message
  return 'profile' in answer ? answer.profile : answer;
}

export function useUpdateContact(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => updateContact(input, locale),
    onSuccess: (profile) => replaceProfile(client, profile),
  });
}
