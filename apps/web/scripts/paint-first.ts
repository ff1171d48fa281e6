/**
 * Paint first, then load the app: a prerendered page already holds its whole content, so its
 * first paint needs only the HTML and the stylesheets. React Router's HTML starts every module of
 * the page at once (modulepreload links in <head>, a module script whose static imports fetch
 * the rest) plus our preload of the locale catalogue: about 190 KB that, on a slow phone
 * connection, share the bandwidth with the two render-blocking stylesheets and hold back the
 * first paint.
 *
 * `paintFirst(html)` rewrites one prerendered page so that:
 *  - the modulepreload links and the catalogue preload leave <head>;
 *  - the module script becomes inert (`type="text/x-after-paint"`, the same text), followed by a
 *    small loader; once the page has painted (two animation frames), or at once in a tab that is
 *    not visible (where nothing paints), the loader puts the same links back into <head> (all
 *    modules then load in parallel, as before) and runs a module script with the same text;
 *  - until the app starts hydrating, the loader holds a form's submit (see LOADER).
 *
 * React hydrates the result exactly as before: the links are hoistable elements that it finds
 * anywhere in the document by href, and in <body> it matches a <script> with no src by tag,
 * whatever its type. The loader's script and the running module script sit where React does not
 * look (after a hydrated element, in a singleton). The page policy allows the running module
 * script because its text is the inert script's text, whose hash the API adds like every inline
 * script's.
 *
 * Not for `__spa-fallback.html`: it shows a spinner until the app has loaded, so there the
 * modules must start as early as possible.
 */

import { FORM_READY_EVENT, HYDRATING_EVENT } from '../app/lib/hydration-events.ts';

export const AFTER_PAINT_TYPE = 'text/x-after-paint';

type Attributes = Record<string, string>;

/** The attributes of one start tag (`<link rel="x" href="y"/>`), names in lower case. */
export function attributesOf(tag: string): Attributes {
  const attributes: Attributes = {};
  const body = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  for (const [, name = '', , quoted, bare] of body.matchAll(
    /([^\s=/>]+)(\s*=\s*(?:"([^"]*)"|([^\s>]+)))?/g,
  )) {
    attributes[name.toLowerCase()] = quoted ?? bare ?? '';
  }
  return attributes;
}

/**
 * Runs in the page. `l`: the links to put back, each as its attributes. ES5, no dependencies.
 *
 * It also holds a form's submit until the app runs: before hydration the browser would submit
 * the form itself (no action: the page reloads, and what was typed is gone). Held until React
 * starts hydrating (from then on React answers: a click hydrates the page at once), then sent
 * again once that form says it is ready (`useEarlyInput`), a task later so that it submits
 * what the form's state now holds.
 */
const LOADER = [
  '(function(l){',
  'var d=document,s=d.currentScript.previousElementSibling,done=0,held=null;',
  'function hold(e){if(e.defaultPrevented)return;e.preventDefault();held=[e.target,e.submitter]}',
  'd.addEventListener("submit",hold,true);',
  `d.addEventListener(${JSON.stringify(HYDRATING_EVENT)},function(){d.removeEventListener("submit",hold,true)});`,
  `d.addEventListener(${JSON.stringify(FORM_READY_EVENT)},function(e){`,
  'if(!held||held[0]!==e.target)return;var f=held[0],b=held[1];held=null;',
  'setTimeout(function(){if(f.isConnected)f.requestSubmit(b&&b.form===f?b:null)},0)});',
  'function go(){if(done)return;done=1;',
  'for(var i=0;i<l.length;i++){var e=d.createElement("link");',
  'for(var k in l[i])e.setAttribute(k,l[i][k]);d.head.appendChild(e)}',
  'var m=d.createElement("script");m.type="module";m.textContent=s.textContent;',
  'd.body.appendChild(m)}',
  'if(d.visibilityState!=="visible"){go();return}',
  'requestAnimationFrame(function(){requestAnimationFrame(go)});',
  'd.addEventListener("visibilitychange",go)',
  '})',
].join('');

/** Text for an inline <script>: JSON with no `<` (so no `</script>` or `<!--` inside). */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

export interface PaintFirstResult {
  html: string;
  /** the hrefs of the links the loader puts back */
  deferred: string[];
}

/**
 * Rewrites one prerendered page (see the top of this file). Returns null when the page has no
 * module script to defer (already rewritten, or not a React Router page).
 */
export function paintFirst(html: string): PaintFirstResult | null {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return null;

  const modules = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attrs = '']) => {
      const attributes = attributesOf(`<script ${attrs}>`);
      return attributes.type === 'module' && attributes.src === undefined;
    },
  );
  if (modules.length !== 1) return null;
  const [moduleScript] = modules;
  if (moduleScript?.index === undefined || moduleScript.index < headEnd) return null;

  const links: Attributes[] = [];
  const head = html.slice(0, headEnd).replace(/<link\b[^>]*>/gi, (tag) => {
    const attributes = attributesOf(tag);
    const rel = attributes.rel?.toLowerCase();
    const deferrable =
      attributes.href !== undefined &&
      (rel === 'modulepreload' || (rel === 'preload' && attributes.as === 'fetch'));
    if (!deferrable) return tag;
    links.push(attributes);
    return '';
  });

  const [whole, attrs = '', text = ''] = moduleScript;
  const inertAttrs = attrs.replace(/\btype\s*=\s*("module"|'module'|module\b)/i, () => {
    return `type="${AFTER_PAINT_TYPE}"`;
  });
  const replacement =
    `<script${inertAttrs}>${text}</script>` + `<script>${LOADER}(${scriptJson(links)})</script>`;
  const body = html.slice(headEnd);
  const at = moduleScript.index - headEnd;
  return {
    html: head + body.slice(0, at) + replacement + body.slice(at + whole.length),
    deferred: links.map((link) => link.href ?? ''),
  };
}
