import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { fieldMessage } from '@permuta/contracts/validation';
import { isApiError } from '../../lib/api.ts';
import type { Locale } from '../../lib/locale.ts';

/** Validation with the shared zod schema; its messages (FIELD_MESSAGES keys) in the page's language. */
export function localizedResolver(schema: Parameters<typeof schemaResolver>[0], locale: Locale) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors =>
    Object.fromEntries(
      Object.entries(resolve(values)).map(([path, key]) => [
        path,
        fieldMessage(String(key), locale),
      ]),
    );
}

/** The API's field messages for the form's fields, and its message for the whole form. */
export function describeFailure(error: unknown, formFields: readonly string[], fallback: string) {
  if (!isApiError(error)) return { fields: {}, message: fallback };
  const fields: Record<string, string> = {};
  for (const [path, text] of Object.entries(error.fields)) {
    if (formFields.includes(path)) fields[path] = text;
  }
  return { fields, message: error.message || fallback };
}
