import { isApiError } from '../../lib/api.ts';

export interface ApiFailure {
  /** per-field messages (already in the page's language) for fields the form has */
  fields: Record<string, string>;
  /** the message for the whole form (the API's, in the page's language) */
  message: string;
}

/**
 * What to show for a failed request: the API's per-field messages go on the form's fields (a
 * duplicate e-mail on the e-mail field), its message above the form.
 */
export function describeFailure(
  error: unknown,
  formFields: readonly string[],
  fallback: string,
): ApiFailure {
  if (!isApiError(error)) return { fields: {}, message: fallback };
  const fields: Record<string, string> = {};
  for (const [path, text] of Object.entries(error.fields)) {
    if (formFields.includes(path)) fields[path] = text;
  }
  return { fields, message: error.message || fallback };
}
