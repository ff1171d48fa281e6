import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { groupSecret, isTwoFactorRequired, totpSecret } from './two-factor.ts';

describe('two-factor helpers', () => {
  it('reads the secret of an otpauth URI', () => {
    expect(
      totpSecret('otpauth://totp/Permuta:ana?secret=JBSWY3DPEHPK3PXP&issuer=Permuta&digits=6'),
    ).toBe('JBSWY3DPEHPK3PXP');
  });

  it('gives no secret for another scheme, a malformed URI or a URI without one', () => {
    expect(totpSecret('https://example.com/?secret=ABC')).toBeNull();
    expect(totpSecret('not a uri')).toBeNull();
    expect(totpSecret('otpauth://totp/Permuta:ana?issuer=Permuta')).toBeNull();
  });

  it('shows the secret in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('recognises only the 403 TWO_FACTOR_REQUIRED answer as "go and enrol"', () => {
    const error = (status: number, code: string) => new ApiError({ status, code, message: 'x' });
    expect(isTwoFactorRequired(error(403, 'TWO_FACTOR_REQUIRED'))).toBe(true);
    expect(isTwoFactorRequired(error(403, 'FORBIDDEN'))).toBe(false);
    expect(isTwoFactorRequired(error(401, 'TWO_FACTOR_INVALID'))).toBe(false);
    expect(isTwoFactorRequired(new Error('TWO_FACTOR_REQUIRED'))).toBe(false);
  });
});
