import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { FORM_READY_EVENT, HYDRATING_EVENT } from '../app/lib/hydration-events.ts';
import { AFTER_PAINT_TYPE, paintFirst } from './paint-first.ts';

/** The shape React Router prerenders (trimmed): preloads in <head>, one module script in <body>. */
const MODULE_TEXT = [
  'import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-1.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-1.js");',
].join('\n');
const PAGE = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/assets/pt-BR-1.json" as="fetch" crossorigin="anonymous"/>',
  '<title>Permuta</title>',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/framework-1.js"/>',
  '<link rel="stylesheet" href="/assets/shell-1.css#"/>',
  '</head><body><main><h1>Olá</h1></main>',
  '<script>window.__reactRouterContext = {};</script>',
  `<script type="module" async="">${MODULE_TEXT}</script>`,
  '<!--$?--><template id="B:0"></template><!--/$--></body></html>',
].join('');

function rewritten() {
  const result = paintFirst(PAGE);
  if (!result) throw new Error('expected the page to be rewritten');
  return result;
}

describe('paintFirst', () => {
  it('takes the module and catalogue preloads out of <head> and keeps the rest', () => {
    const { html, deferred } = rewritten();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('as="fetch"');
    expect(head).toContain('<link rel="stylesheet" href="/assets/shell-1.css#"/>');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(deferred).toEqual([
      '/assets/pt-BR-1.json',
      '/assets/manifest-1.js',
      '/assets/framework-1.js',
    ]);
  });

  it('turns the module script into an inert one with the same text, in the same place', () => {
    const { html } = rewritten();
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      `<script>window.__reactRouterContext = {};</script><script type="${AFTER_PAINT_TYPE}" async="">${MODULE_TEXT}</script><script>`,
    );
    expect(html).toContain('<!--$?--><template id="B:0"></template><!--/$--></body></html>');
  });

  it('leaves a page without a module script (or one already rewritten) alone', () => {
    expect(paintFirst('<html><head></head><body><p>x</p></body></html>')).toBeNull();
    expect(paintFirst(rewritten().html)).toBeNull();
  });

  it('once the page has painted, puts the links back and runs the same module text', async () => {
    const { window } = new JSDOM(rewritten().html, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
    });
    const { document } = window;
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map(
        (link) => link.getAttribute('href'),
      );
    expect(document.visibilityState).toBe('visible');
    expect(preloads()).toEqual([]);
    expect(document.querySelector('script[type=module]')).toBeNull();

    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    await new Promise((resolve) => window.setTimeout(resolve, 0));

    expect(preloads()).toEqual([
      '/assets/pt-BR-1.json',
      '/assets/manifest-1.js',
      '/assets/framework-1.js',
    ]);
    const fetchPreload = document.head.querySelector('link[rel=preload]');
    expect(fetchPreload?.getAttribute('as')).toBe('fetch');
    expect(fetchPreload?.getAttribute('crossorigin')).toBe('anonymous');
    const modules = document.querySelectorAll('script[type=module]');
    expect(modules).toHaveLength(1);
    expect(modules[0]?.textContent).toBe(MODULE_TEXT);
    expect(modules[0]?.parentElement).toBe(document.body);
    window.close();
  });

  it('holds a submit made before the app runs, and sends it once that form is ready', async () => {
    const withForm = PAGE.replace(
      '<main><h1>Olá</h1></main>',
      '<main><form id="sign-in"><input/><button id="send">Entrar</button></form><form id="other"></form></main>',
    );
    const { window } = new JSDOM(paintFirst(withForm)!.html, { runScripts: 'dangerously' });
    const { document } = window;
    const seen: { form: string; held: boolean; submitter: string | null }[] = [];
    document.addEventListener('submit', (event) => {
      const submit = event as SubmitEvent;
      seen.push({
        form: (submit.target as HTMLFormElement).id,
        held: submit.defaultPrevented,
        submitter: (submit.submitter as HTMLElement | null)?.id ?? null,
      });
      submit.preventDefault(); // (jsdom does not navigate)
    });
    const form = document.getElementById('sign-in') as HTMLFormElement;
    const button = document.getElementById('send') as HTMLButtonElement;

    button.click();
    expect(seen).toEqual([{ form: 'sign-in', held: true, submitter: 'send' }]);

    // the app starts hydrating: nothing is held any more, but nothing is sent yet either
    document.dispatchEvent(new window.Event(HYDRATING_EVENT));
    (document.getElementById('other') as HTMLFormElement).dispatchEvent(
      new window.Event(FORM_READY_EVENT, { bubbles: true }),
    );
    await new Promise((resolve) => window.setTimeout(resolve, 5));
    expect(seen).toHaveLength(1);

    // the held form is ready: its submit goes again, from the same button, and only once
    form.dispatchEvent(new window.Event(FORM_READY_EVENT, { bubbles: true }));
    form.dispatchEvent(new window.Event(FORM_READY_EVENT, { bubbles: true }));
    expect(seen).toHaveLength(1);
    await new Promise((resolve) => window.setTimeout(resolve, 5));
    expect(seen).toEqual([
      { form: 'sign-in', held: true, submitter: 'send' },
      { form: 'sign-in', held: false, submitter: 'send' },
    ]);

    button.click();
    expect(seen.at(-1)).toEqual({ form: 'sign-in', held: false, submitter: 'send' });
    window.close();
  });

  it('in a tab that is not visible (nothing paints there), starts the app at once', () => {
    const { window } = new JSDOM(rewritten().html, { runScripts: 'dangerously' });
    expect(window.document.visibilityState).not.toBe('visible');
    expect(window.document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(2);
    expect(window.document.querySelector('script[type=module]')?.textContent).toBe(MODULE_TEXT);
    window.close();
  });
});
