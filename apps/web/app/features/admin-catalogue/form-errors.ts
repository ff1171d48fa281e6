import type { z } from 'zod';
import { fieldMessage } from '@permuta/contracts/validation';
import { isApiError } from '../../lib/api.ts';
import type { Locale } from '../../lib/locale.ts';

export type FormErrors = Record<string, string>;

/** Errors of a zod schema of the contracts, keyed by field path, in the page's language. */
export function schemaErrors(schema: z.ZodType, value: unknown, locale: Locale): FormErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'form';
    errors[field] ??= fieldMessage(issue.message, locale);
  }
  return errors;
}

/** The field errors an API answer carries (already in the page's language). */
export function apiFieldErrors(error: unknown): FormErrors {
  return isApiError(error) ? { ...error.fields } : {};
}

/** An API error that is not about fields (shown as an alert). */
export function generalError(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return Object.keys(error.fields).length === 0 ? error.message : null;
}
