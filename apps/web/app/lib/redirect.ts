/**
 * `redirectTo` comes from the query string, so anyone can write it: only a path of this site is
 * honoured. Absolute URLs, protocol-relative `//host`, backslash tricks (`/\host`), control
 * characters and anything that resolves to another origin fall back to `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (typeof value !== 'string' || value === '') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = 'https://permuta.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?redirectTo=<path>` for a page the visitor could not open. */
export function withRedirectTo(loginPath: string, target: string): string {
  return `${loginPath}?${new URLSearchParams({ redirectTo: target }).toString()}`;
}
