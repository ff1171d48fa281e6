import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveLimits, unitOf } from './receive-limits.ts';
import { SETTINGS_DEFAULTS } from './settings.ts';

/** PIX 50 to 50000 BRL, Deriv 10 to 5000 USD. */
const settings = SETTINGS_DEFAULTS;

describe('unitOf', () => {
  it('names PIX in BRL, Deriv in USD and crypto by its code', () => {
    expect(unitOf({ kind: 'pix', code: 'PIX' })).toBe('BRL');
    expect(unitOf({ kind: 'deriv', code: 'DERIV' })).toBe('USD');
    expect(unitOf({ kind: 'crypto', code: 'USDT' })).toBe('USDT');
  });
});

describe('receiveLimits', () => {
  it('reads the settings for PIX and Deriv, none without settings', () => {
    expect(receiveLimits('pix', null, settings)).toEqual({ min: '50', max: '50000' });
    expect(receiveLimits('deriv', null, settings)).toEqual({ min: '10', max: '5000' });
    expect(receiveLimits('pix', null, null)).toEqual({ min: null, max: null });
  });

  it("reads the network's withdraw limits for crypto; a maximum of 0 is none", () => {
    const network = { withdrawMin: '1', withdrawMax: '900' };
    expect(receiveLimits('crypto', network, settings)).toEqual({ min: '1', max: '900' });
    expect(receiveLimits('crypto', { withdrawMin: '1', withdrawMax: '0' }, settings)).toEqual({
      min: '1',
      max: null,
    });
    expect(receiveLimits('crypto', { withdrawMin: '0', withdrawMax: null }, null)).toEqual({
      min: '0',
      max: null,
    });
    expect(receiveLimits('crypto', null, settings)).toEqual({ min: null, max: null });
  });
});

describe('one rule for units and receive limits', () => {
  it('no other module defines unitOf or receiveLimits', () => {
    const root = join(import.meta.dirname, '../../..');
    const offenders = globSync(['apps/*/{src,app}/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'], {
      cwd: root,
    })
      .filter(
        (path) =>
          !(path.endsWith('.test.ts') || path === 'packages/contracts/src/receive-limits.ts'),
      )
      .filter((path) =>
        /function (unitOf|receiveLimits)\b|(unitOf|receiveLimits) = /.test(
          readFileSync(join(root, path), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
