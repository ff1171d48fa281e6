/**
 * Whether the server may POST to a URL someone else named (a browser's push endpoint, decision
 * 060; a partner's webhook endpoint, decision 065): https to a host name, never an address or a
 * local name (the server would otherwise call whatever a customer names), no credentials. With
 * `allowLocal` (development and tests, never production) any http or https URL passes, so the
 * local fakes and receivers on http://127.0.0.1 can be used.
 */
export function outboundUrlAllowed(target: string, allowLocal: boolean): boolean {
  if (!URL.canParse(target)) return false;
  const url = new URL(target);
  if (allowLocal && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return false;
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|localdomain)$/.test(host))
    return false;
  return true;
}
