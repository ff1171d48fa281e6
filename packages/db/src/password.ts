import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane). `@node-rs/argon2` uses
 * argon2id by default (its `Algorithm` is an ambient const enum, not importable here); the
 * resulting PHC string starts with `$argon2id$`.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the PHC string embeds salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Checks a password against a stored hash; false for a wrong password or a malformed hash.
 */
export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** PRODUCT.md's rule: at least 8 characters with an upper-case and a lower-case letter, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
