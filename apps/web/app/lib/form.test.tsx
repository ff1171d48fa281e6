// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formValues, readForm, useCheckedForm } from './form.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({
  email: z.email({ error: 'email.invalid' }),
  message: z.string().min(1, { error: 'message.required' }),
  accept: z.literal(true, { error: 'terms.required' }),
});
const loadSchema = () => Promise.resolve(schema);

/** An uncontrolled form written the one way. */
function Form({ sent }: { sent: (values: unknown) => void }) {
  const form = useCheckedForm({ locale: 'en-US', schema: loadSchema, onValid: sent });
  return (
    <form {...form.formProps}>
      <input aria-label="email" name="email" onChange={form.field('email').onChange} />
      <textarea aria-label="message" name="message" defaultValue="" />
      <input aria-label="accept" type="checkbox" name="accept" />
      <input type="hidden" name="locale" defaultValue="en-US" />
      <output>{JSON.stringify(form.errors)}</output>
      <button type={form.submitProps.type} disabled={form.submitProps.disabled}>
        Send
      </button>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function page(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const field = (label: string) =>
    container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  return {
    container,
    field,
    form: container.querySelector('form')!,
    button: container.querySelector('button')!,
    errors: () => JSON.parse(container.querySelector('output')!.textContent ?? '{}') as unknown,
  };
}

describe('formValues and readForm', () => {
  it('read the named fields with FormData, checkboxes as booleans', () => {
    const { form, field } = page(renderToString(<Form sent={() => undefined} />));
    field('email').value = 'ana@example.com';
    expect(formValues(form)).toEqual({
      email: 'ana@example.com',
      message: '',
      accept: false,
      locale: 'en-US',
    });
  });

  it('give the values as typed once the schema accepts them, or a message per field', async () => {
    const { form, field } = page(renderToString(<Form sent={() => undefined} />));
    field('email').value = 'ana@';
    expect(await readForm(form, loadSchema, 'pt-BR')).toEqual({
      errors: {
        email: 'Informe um e-mail válido.',
        message: 'Mensagem obrigatória.',
        accept: 'Você precisa aceitar os termos de uso e a política de privacidade.',
      },
    });
    field('email').value = 'Ana@Example.com';
    (form.querySelector('textarea') as HTMLTextAreaElement).value = 'Olá';
    field('accept').checked = true;
    expect(await readForm(form, loadSchema, 'en-US')).toEqual({
      data: { email: 'Ana@Example.com', message: 'Olá', accept: true, locale: 'en-US' },
    });
  });
});

describe('useCheckedForm on a prerendered page', () => {
  it('keeps what was typed before hydration and sends it; the button waits for hydration', async () => {
    const sent = vi.fn();
    const { container, field, form, button } = page(renderToString(<Form sent={sent} />));
    // the prerendered button cannot submit: no reload, no lost text
    expect(button.disabled).toBe(true);
    field('email').value = 'ana@example.com';
    (form.querySelector('textarea') as HTMLTextAreaElement).value = 'Olá';
    field('accept').checked = true;

    await act(async () => {
      root = hydrateRoot(container, <Form sent={sent} />);
      await Promise.resolve();
    });
    expect(button.disabled).toBe(false);
    expect(field('email').value).toBe('ana@example.com');

    await act(async () => {
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent).toHaveBeenCalledWith(
      { email: 'ana@example.com', message: 'Olá', accept: true, locale: 'en-US' },
      form,
    );
  });

  it('shows the messages, focuses the first field with one, and sends nothing', async () => {
    const sent = vi.fn();
    const { container, field, button, errors } = page(renderToString(<Form sent={sent} />));
    await act(async () => {
      root = hydrateRoot(container, <Form sent={sent} />);
      await Promise.resolve();
    });
    field('email').value = 'nope';
    await act(async () => {
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors()).toMatchObject({ email: 'Enter a valid e-mail.' });
    expect(document.activeElement).toBe(field('email'));
    expect(sent).not.toHaveBeenCalled();
  });
});
