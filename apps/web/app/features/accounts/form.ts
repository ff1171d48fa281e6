import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { fieldMessage } from '@permuta/contracts/validation';
import type { Locale } from '../../lib/locale.ts';

/**
 * The form's validation with the shared zod schema (the one the API checks): zod's issue
 * messages are keys of FIELD_MESSAGES, turned into the page's language here.
 */
export function localizedResolver(schema: Parameters<typeof schemaResolver>[0], locale: Locale) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => {
    const errors = resolve(values);
    return Object.fromEntries(
      Object.entries(errors).map(([path, key]) => [path, fieldMessage(String(key), locale)]),
    );
  };
}
