import type { RegistrationInput } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/auth/register: creates the customer and e-mails the confirmation link. */
export function register(input: RegistrationInput, locale: Locale): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(apiPaths.register(), {
    locale,
    method: 'POST',
    // the e-mails of the account go out in the language of the page it was created on
    body: { ...input, locale },
  });
}
