import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { verify } from 'otplib';
import { UnreadableSecretError, createSecretBox } from '../../lib/secret-box.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/**
 * Admin TOTP two-factor (docs/decisions/033). The stored format is the one the accounts have
 * used since their first enrolment, so nobody enrols again:
 * - `two_factors.secret`: the TOTP secret, a 32-character string whose UTF-8 bytes are the HMAC
 *   key (the otpauth URI carries their base32), encrypted as below;
 * - `two_factors.backup_codes`: the JSON array of unused recovery codes (`xxxxx-xxxxx`),
 *   encrypted as below;
 * - encryption: XChaCha20-Poly1305 with the key SHA-256(AUTH_SECRET as UTF-8), a random 24-byte
 *   nonce in front of the ciphertext and tag, the whole written in hex.
 * A secret encrypted under another AUTH_SECRET fails its tag: UnreadableSecretError.
 */

/** 10 wrong codes in a row lock the admin's two-factor for 15 min. */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
/** Codes one pending sign-in may try. */
export const CHALLENGE_MAX_CODES = 5;
/** TOTP: 6 digits every 30 s; a code of the step before or after is accepted too. */
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const BACKUP_CODE_COUNT = 10;

export { UnreadableSecretError };
export type TwoFactorCipher = SecretBox;

/** The box of the two-factor secrets: its key is SHA-256(AUTH_SECRET), as since the first one. */
export function createTwoFactorCipher(authSecret: string): TwoFactorCipher {
  return createSecretBox(new Uint8Array(createHash('sha256').update(authSecret, 'utf8').digest()));
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A new TOTP secret: 32 characters of base64url (192 random bits). */
export function newTotpSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** New recovery codes: 10 letters and digits each, shown as `xxxxx-xxxxx`. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = Array.from({ length: 10 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]);
    return `${code.slice(0, 5).join('')}-${code.slice(5).join('')}`;
  });
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (as authenticator apps read the otpauth secret). */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The secret as an authenticator app takes it when typed by hand (base32). */
export function totpSecretText(secret: string): string {
  return base32(new TextEncoder().encode(secret));
}

/** The otpauth URI an authenticator app scans. */
export function totpUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: base32(new TextEncoder().encode(input.secret)),
    issuer: input.issuer,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * The time step of `code` when it is the TOTP of `secret` now, one step before or one after
 * (and later than `afterTimeStep` when given: a code already used does not pass again); null
 * otherwise. Compared in constant time.
 */
export async function totpStep(
  secret: string,
  code: string,
  afterTimeStep?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret: new TextEncoder().encode(secret),
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
    ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Prefix of a recovery code stored as its hash (customers', decision 061). */
const HASHED_PREFIX = 'sha256:';

/**
 * A recovery code as a customer's list stores it: `sha256:<hex of SHA-256(code)>`. The admins'
 * lists keep the codes themselves (the format since their first enrolment); both are encrypted.
 */
export function hashBackupCode(code: string): string {
  return `${HASHED_PREFIX}${createHash('sha256').update(code.trim(), 'utf8').digest('hex')}`;
}

/**
 * The codes left once `code` is spent; null when it is none of them (compared in constant time).
 * A stored entry is either the code itself (admins) or its hash (customers).
 */
export function spendBackupCode(codes: readonly string[], code: string): string[] | null {
  const plain = Buffer.from(code, 'utf8');
  const hashed = Buffer.from(hashBackupCode(code), 'utf8');
  let found = -1;
  codes.forEach((candidate, index) => {
    const stored = Buffer.from(candidate, 'utf8');
    const given = candidate.startsWith(HASHED_PREFIX) ? hashed : plain;
    if (stored.length === given.length && timingSafeEqual(stored, given) && found < 0) {
      found = index;
    }
  });
  return found < 0 ? null : codes.filter((_, index) => index !== found);
}

/** Parses a decrypted list of recovery codes (an empty list when it is not one). */
export function parseBackupCodes(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
