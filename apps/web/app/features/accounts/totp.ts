/* The TOTP secret as the two-factor screens of customers and admins show it. */

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
