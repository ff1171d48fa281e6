import { useState, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import type { Locale } from './locale.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * One way to write a form (decision 034). The fields are uncontrolled: each has a `name` (and a
 * `defaultValue` when it starts filled), the browser holds what is typed, and the form is read
 * at submit with `new FormData(form)` and checked by the shared zod schema of
 * `packages/contracts`, the one the API checks. So what a visitor types into a prerendered page
 * before it hydrates stays and is what gets sent: React does not overwrite an uncontrolled
 * field's value when it hydrates. The submit button stays disabled until the page has hydrated
 * (`submitProps`), so a press before then neither reloads the page nor loses the text.
 *
 * The schema is loaded when the form is first used (focus) or submitted, not with the page: zod
 * and the contracts stay off the first load of the public pages.
 */

/** A message per field name; `undefined` for a field without one. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormRead<T> =
  { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors };

/** Loads a schema of the contracts: `() => import('@permuta/contracts/x').then((m) => m.xSchema)` */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

/** The values of a form's named fields: text as the browser holds it, a checkbox as a boolean. */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value;
  }
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) {
    if (!box.disabled) values[box.name] = box.checked;
  }
  return values;
}

const loadMessages = () => import('@permuta/contracts/validation');

/**
 * Reads `form` (see formValues) and checks it with the schema: the values as typed once the
 * schema accepts them (the API applies the schema's transforms itself, as before), or a message
 * per field in the page's language (the first issue of a field wins; an issue without a path
 * goes to `form`).
 */
export async function readForm<S extends z.ZodType>(
  form: HTMLFormElement,
  schema: SchemaLoader<S>,
  locale: Locale,
): Promise<FormRead<z.input<S>>> {
  const values = formValues(form);
  const [checker, { fieldMessage }] = await Promise.all([schema(), loadMessages()]);
  const result = checker.safeParse(values);
  if (result.success) return { data: values as z.input<S> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'form';
    errors[field] ??= fieldMessage(issue.message, locale);
  }
  return { errors };
}

/** Moves the focus to the first field of `form` that has a message. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of form.elements) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name] && element instanceof HTMLElement && element.tabIndex >= 0) {
      element.focus();
      return;
    }
  }
}

export interface CheckedFormOptions<S extends z.ZodType> {
  locale: Locale;
  schema: SchemaLoader<S>;
  /** With the checked values; shows the API's refusal itself (setErrors, a message above). */
  onValid: (data: z.input<S>, form: HTMLFormElement) => Promise<void> | void;
  /** After a check that found errors (already shown on their fields). */
  onInvalid?: (errors: FieldErrors) => void;
  /** Check a field when it loses the focus, not only at submit. */
  checkOnBlur?: boolean;
}

/**
 * The state of one form written the one way: its field messages, whether it is sending, and the
 * props of the form, its fields and its submit button.
 *
 *   const form = useCheckedForm({ locale, schema, onValid });
 *   <form {...form.formProps}>
 *     <TextInput {...form.field('email')} />
 *     <Button {...form.submitProps}>…</Button>
 */
export function useCheckedForm<S extends z.ZodType>(options: CheckedFormOptions<S>) {
  const { locale, schema, onValid, onInvalid, checkOnBlur = false } = options;
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const clear = (name: string) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    try {
      const read = await readForm(form, schema, locale);
      if (read.errors) {
        setErrors(read.errors);
        focusFirstError(form, read.errors);
        onInvalid?.(read.errors);
        return;
      }
      setErrors({});
      await onValid(read.data, form);
    } finally {
      setPending(false);
    }
  }

  async function blur(event: FocusEvent<HTMLFormElement>) {
    const target = event.target as Partial<HTMLInputElement>;
    const name = target.name;
    // a field left for another one, not a button or a field without a name
    if (!name || target.type === 'submit' || target.type === 'button') return;
    const read = await readForm(event.currentTarget, schema, locale);
    setErrors((current) => ({ ...current, [name]: read.errors?.[name] }));
  }

  return {
    errors,
    setErrors,
    pending,
    formProps: {
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      // the check (zod and the schema) loads while the visitor fills the form
      onFocus: () => void Promise.all([schema(), loadMessages()]).catch(() => undefined),
      ...(checkOnBlur
        ? {
            onBlur: (event: FocusEvent<HTMLFormElement>) => void blur(event).catch(() => undefined),
          }
        : {}),
    },
    /** name, message and "the message goes once the field is edited" of one field */
    field: (name: string) => ({
      name,
      error: errors[name],
      onChange: () => clear(name),
    }),
    /** disabled until the page has hydrated: before, a press would make the browser submit */
    submitProps: { type: 'submit' as const, disabled: !hydrated, loading: pending },
  };
}
