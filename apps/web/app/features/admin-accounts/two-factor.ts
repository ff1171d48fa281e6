import { isApiError } from '../../lib/api.ts';

/** The secret of an `otpauth://totp/...?secret=...` URI, for typing it by hand; null if absent. */
export function totpSecret(uri: string): string | null {
  try {
    const url = new URL(uri);
    if (url.protocol !== 'otpauth:') return null;
    return url.searchParams.get('secret');
  } catch {
    return null;
  }
}

/** The secret in groups of four characters, easier to copy by eye. */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** True when the API refused because this admin must set up two-factor first. */
export function isTwoFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED';
}

/** Where an admin without the mandatory two-factor is sent: the admin's own security page. */
export const ENROL_PATH = '/admin/account/security?twoFactor=required';
