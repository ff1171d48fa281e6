import type { ContactMessageInput, ContactSent } from '@permuta/contracts/contact';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/contact: the contact form; answers the thank-you message in the page's language. */
export function sendContactMessage(
  input: ContactMessageInput,
  locale: Locale,
): Promise<ContactSent> {
  return apiFetch<ContactSent>(apiPaths.contactMessage(), { locale, method: 'POST', body: input });
}
