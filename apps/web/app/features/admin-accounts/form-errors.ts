import type { z } from 'zod';
import { fieldMessage } from '@permuta/contracts/validation';
import { isApiError } from '../../lib/api.ts';
import type { Locale } from '../../lib/locale.ts';

export type FormErrors = Record<string, string>;

/**
 * A @mantine/form `validate` function from a shared zod schema: every issue carries a message
 * key of the contracts (`username.min`), shown in the page's language; the first issue of a
 * field wins.
 */
export function zodValidate<Values>(schema: z.ZodType, locale: Locale) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : 'form';
      errors[field] ??= fieldMessage(issue.message, locale);
    }
    return errors;
  };
}

/**
 * The field errors an API answer carries (`fields: { username: 'username.taken' }`), in the
 * page's language; empty when the error is not about fields.
 */
export function serverFieldErrors(error: unknown, locale: Locale): FormErrors {
  if (!isApiError(error)) return {};
  const errors: FormErrors = {};
  for (const [field, key] of Object.entries(error.fields))
    errors[field] = fieldMessage(key, locale);
  return errors;
}
