import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * Our signed cookies (the session cookie and the pending two-factor cookie; docs/decisions/033).
 * The value is `encodeURIComponent(value + '.' + base64(HMAC-SHA256(AUTH_SECRET, value)))`: the
 * format sessions have had since the accounts' first version, kept so that cookies already issued
 * stay valid. A Cookie header is read this way: the first cookie of that name, trimmed, without
 * surrounding double quotes, URI-decoded when it holds a `%` (left as is when that fails).
 */

/** The HMAC key of signed cookies: AUTH_SECRET, as its UTF-8 bytes. */
export function cookieSigningKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/** The value of cookie `name` in a Cookie header; null when absent. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (typeof header !== 'string') return null;
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (header.slice(index, eqIdx).trim() === name) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = endIdx + 1;
  }
  return null;
}

/** `value + '.' + signature` (before URI-encoding). */
export function signCookieValue(value: string, key: KeyObject): string {
  return `${value}.${createHmac('sha256', key).update(value, 'utf8').digest('base64')}`;
}

/**
 * The value of a signed cookie when its signature is right, else null: the signature follows
 * the last dot, is 44 characters and ends with `=`, and must be the canonical base64 of the HMAC
 * (compared in constant time).
 */
export function unsignCookieValue(signed: string | null, key: KeyObject): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), 'utf8');
  if (signature.length !== 44 || signature[43] !== 0x3d) return null;
  const expected = Buffer.from(
    createHmac('sha256', key).update(value, 'utf8').digest('base64'),
    'utf8',
  );
  return expected.length === signature.length && timingSafeEqual(expected, signature)
    ? value
    : null;
}
