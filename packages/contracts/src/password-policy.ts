import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords refused although they pass the shape rule (isStrongPassword): those of a well-known
 * breached-password list, and those holding the person's username or the local part of their
 * e-mail. The list is the "passwords-common" dictionary of @zxcvbn-ts/language-common (MIT,
 * about 49,000 passwords from public breaches, shipped with the package: nothing is looked up
 * online). It stays on the server: this module is not part of the contracts' index, so the
 * web app does not carry the list.
 */
let common: Set<string> | undefined;
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** Shorter names say too little to refuse a password for holding them. */
const MIN_PERSONAL_LENGTH = 3;

export type PasswordIssue = 'password.common' | 'password.personal';

/**
 * Why `password` must not be used, or null. Compared case-insensitively; a listed password with
 * symbols added before or after it (`Password1!`) counts as listed.
 */
export function passwordIssue(
  password: string,
  person: { username?: string | null; email?: string | null } = {},
): PasswordIssue | null {
  const lower = password.toLowerCase();
  const bare = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  const list = commonPasswords();
  if (list.has(lower) || list.has(bare)) return 'password.common';
  const personal = [person.username, person.email?.split('@')[0]]
    .map((value) => value?.trim().toLowerCase() ?? '')
    .filter((value) => value.length >= MIN_PERSONAL_LENGTH);
  if (personal.some((value) => lower.includes(value))) return 'password.personal';
  return null;
}
