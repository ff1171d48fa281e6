import { ApiError } from '../../../lib/api.ts';

/** The messages per field of a refused request (none for other failures). */
export function fieldsOf(error: Error): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fields : {};
}
