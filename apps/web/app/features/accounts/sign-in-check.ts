import type { FormErrors } from '@mantine/form';
import { signInSchema, type SignInInput } from '@permuta/contracts/accounts';
import type { Locale } from '../../lib/locale.ts';
import { localizedResolver } from './form.ts';

/**
 * The sign-in form's check with the shared schema, in a module of its own: the sign-in page
 * loads it (and zod with it) once the visitor starts typing, not before the page shows.
 */
export function checkSignIn(values: SignInInput, locale: Locale): FormErrors {
  return localizedResolver(signInSchema, locale)(values);
}
