import { isApiError } from '../../lib/api.ts';

// the secret's helpers live with the shared two-factor parts; the admins' screens use them too
export { groupSecret, totpSecret } from '../accounts/totp.ts';

/** True when the API refused because this admin must set up two-factor first. */
export function isTwoFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED';
}

/** Where an admin without the mandatory two-factor is sent: the admin's own security page. */
export const ENROL_PATH = '/admin/account/security?twoFactor=required';
