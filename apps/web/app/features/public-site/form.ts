import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { fieldMessage } from '@permuta/contracts/validation';
import type { Locale } from '../../lib/locale.ts';

/**
 * The contact form's validation with the API's own zod schema: its issue messages are keys of
 * FIELD_MESSAGES, shown in the page's language.
 */
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
