// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useEarlyInput } from './early-input.ts';
import { FORM_READY_EVENT } from './hydration-events.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A controlled form like the sign-in and contact forms; `keep` turns the hook on. */
function Form({ keep }: { keep: boolean }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [accepted, setAccepted] = useState(false);
  const early = useEarlyInput();
  return (
    <form ref={keep ? early : undefined}>
      <input aria-label="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <textarea
        aria-label="message"
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <input
        aria-label="accept"
        type="checkbox"
        checked={accepted}
        onChange={(e) => setAccepted(e.currentTarget.checked)}
      />
      <input aria-label="code" readOnly value="fixed" />
      <output>{JSON.stringify({ email, message, accepted })}</output>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Prerenders the form, lets the "visitor" type into the static page, then hydrates it. */
async function typeThenHydrate(keep: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form keep={keep} />);
  document.body.append(container);
  const field = (label: string) =>
    container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
  field('email').value = 'ana@example.com';
  (container.querySelector('textarea') as HTMLTextAreaElement).value = 'Olá';
  field('accept').checked = true;
  await act(async () => {
    root = hydrateRoot(container, <Form keep={keep} />);
    await Promise.resolve();
  });
  return {
    state: JSON.parse(container.querySelector('output')!.textContent ?? '{}') as unknown,
    field,
  };
}

describe('useEarlyInput', () => {
  it('gives the component what was typed before the page hydrated, then says the form is ready', async () => {
    const ready: string[] = [];
    const onReady = (event: Event) => ready.push((event.target as HTMLElement).tagName);
    document.addEventListener(FORM_READY_EVENT, onReady);
    const { state, field } = await typeThenHydrate(true);
    document.removeEventListener(FORM_READY_EVENT, onReady);
    expect(ready).toEqual(['FORM']);
    expect(state).toEqual({ email: 'ana@example.com', message: 'Olá', accepted: true });
    expect(field('email').value).toBe('ana@example.com');
    expect(field('accept').checked).toBe(true);
    expect(field('code').value).toBe('fixed');
  });

  it('without it, React keeps the rendered values while the screen shows the typed ones', async () => {
    const { state, field } = await typeThenHydrate(false);
    expect(state).toEqual({ email: '', message: '', accepted: false });
    expect(field('email').value).toBe('ana@example.com');
  });

  it('leaves a form nobody typed into as it is', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form keep />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Form keep />);
      await Promise.resolve();
    });
    expect(container.querySelector('output')!.textContent).toBe(
      JSON.stringify({ email: '', message: '', accepted: false }),
    );
  });
});
