import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  createTwoFactorCipher,
  newBackupCodes,
  newTotpSecret,
  spendBackupCode,
  totpStep,
  totpUri,
} from './two-factor.ts';

const secret = 'Fx7_k2Lm9Qw-Er4Ty6Ui8Op0As3Dg5Hj';
/** The code an authenticator app shows `seconds` from now. */
const codeAt = (seconds: number) =>
  generate({
    secret: new TextEncoder().encode(secret),
    epoch: Math.floor(Date.now() / 1000) + seconds,
  });

describe('TOTP codes', () => {
  it('accepts the step before, now and the step after, nothing further', async () => {
    for (const seconds of [-30, 0, 30]) {
      expect(await totpStep(secret, await codeAt(seconds)), `${seconds} s`).not.toBeNull();
    }
    for (const seconds of [-90, -61, 61, 90]) {
      const code = await codeAt(seconds);
      // a code two steps away may by chance equal one of the accepted ones
      const accepted = await Promise.all([-30, 0, 30].map((s) => codeAt(s)));
      if (accepted.includes(code)) continue;
      expect(await totpStep(secret, code), `${seconds} s`).toBeNull();
    }
  });

  it('refuses a code whose step was already used', async () => {
    const code = await codeAt(0);
    const step = await totpStep(secret, code);
    expect(step).not.toBeNull();
    expect(await totpStep(secret, code, step!)).toBeNull();
    expect(await totpStep(secret, code, step! - 1)).toBe(step);
  });

  it('refuses anything but 6 digits', async () => {
    expect(await totpStep(secret, '12345')).toBeNull();
    expect(await totpStep(secret, 'abcdef')).toBeNull();
  });

  it('puts the key in the otpauth URI as authenticator apps read it', () => {
    const uri = new URL(totpUri({ issuer: 'Permuta', account: 'ana@admins.invalid', secret }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Permuta');
    expect(uri.searchParams.get('secret')).toBe(
      'IZ4DOX3LGJGG2OKRO4WUK4RUKR4TMVLJHBHXAMCBOMZUIZZVJBVA',
    );
    expect(newTotpSecret()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('recovery codes and their encryption', () => {
  it('spends a code once, compared exactly', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const left = spendBackupCode(codes, codes[3]!);
    expect(left).toHaveLength(9);
    expect(left).not.toContain(codes[3]);
    expect(spendBackupCode(left!, codes[3]!)).toBeNull();
    expect(spendBackupCode(codes, codes[3]!.toUpperCase() + 'x')).toBeNull();
  });

  it('decrypts only under the secret it was encrypted with', () => {
    const sealed = createTwoFactorCipher('one-secret').encrypt('hello');
    expect(sealed).toMatch(/^[0-9a-f]+$/);
    expect(createTwoFactorCipher('one-secret').decrypt(sealed)).toBe('hello');
    expect(() => createTwoFactorCipher('another').decrypt(sealed)).toThrow(/another AUTH_SECRET/);
  });
});
