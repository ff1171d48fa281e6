import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldsCheckedBy,
  isHttpsLinkOn,
  isTimeZone,
  publicSettingsOf,
  settingsSchema,
  settingsUpdateSchema,
  whatsappUrl,
} from './settings.ts';
import type { SettingsInput, SettingsValues } from './settings.ts';

/** A complete, valid set of settings (the demo values). */
const VALID: SettingsInput = {
  defaultSendToken: 'PIX',
  defaultReceiveToken: 'USDT',
  instagramUrl: 'https://www.instagram.com/permuta.example',
  telegramUrl: 'https://t.me/permuta_example',
  youtubeUrl: 'https://www.youtube.com/@permuta-example',
  youtubeTutorialUrl: 'https://youtu.be/permutaDemo',
  supportEmail: 'suporte@permuta.example',
  supportPhone: '+5511999990000',
  pixKeyType: 'email',
  pixKey: 'pix@permuta.example',
  pixMerchantName: 'PERMUTA',
  pixMerchantCity: 'SAO PAULO',
  derivAccount: 'CR1234567',
  bankAccount: {
    bank: '341 - Itaú Unibanco S.A.',
    branch: '0001',
    account: '12345-6',
    holder: 'PERMUTA SERVICOS DIGITAIS LTDA',
    document: '11.222.333/0001-81',
  },
  boletoFee: '3.50',
  boletoIssueBusinessDays: 1,
  boletoDueBusinessDays: 3,
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  whatsappThresholdBrl: '200',
  quoteLockMinutes: 15,
  pendingExpiryMinutes: 30,
  priceStaleMinutes: 10,
  autoCompleteHours: 72,
  // price guards
  manualPriceConfirmPercent: 10,
  feedPriceHoldPercent: 20,
  operatingHours: {
    timeZone: 'America/Sao_Paulo',
    days: [1, 2, 3, 4, 5],
    open: '10:00',
    close: '18:00',
  },
  documentsRequired: true,
  twoFactorRequired: false,
  twoFactorOrderAboveBrl: '0',
  autoCryptoPayouts: false,
  autoCryptoDeposits: false,
  customerMaxOpenOrders: 2,
  customerMaxOrderBrl: '20000',
  customerMaxDailyBrl: '50000',
  tier1DailyBrl: '1000',
  tier1MonthlyBrl: '5000',
  tier2DailyBrl: '50000',
  tier2MonthlyBrl: '200000',
  tier3DailyBrl: '200000',
  tier3MonthlyBrl: '1000000',
  autoPayoutMaxOrderBrl: '5000',
  autoPayoutMaxCustomerDayBrl: '20000',
  payoutSecondApprovalAboveBrl: '50000',
  payoutFirstOrdersHeld: 3,
  payoutNewWalletHoldHours: 24,
  complianceStructuringOrders: 3,
  complianceStructuringMarginPercent: 10,
  complianceWindowDays: 7,
  complianceVolumeMultiple: 5,
  complianceVolumeMinBrl: '50000',
  complianceFirstMonthBrl: '100000',
  complianceNewWallets: 3,
};

/** The first issue message per field path of a refused full set. */
function issues(change: Partial<SettingsInput>): Record<string, string> {
  const result = settingsSchema.safeParse({ ...VALID, ...change });
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

function parsed(change: Partial<SettingsInput>): SettingsValues {
  return settingsSchema.parse({ ...VALID, ...change });
}

describe('settings rules shared by the admin form and the API', () => {
  it('accept the demo settings, normalized', () => {
    const values = parsed({});
    expect(values.boletoFee).toBe('3.5');
    expect(values.bankAccount?.document).toBe('11222333000181');
  });

  it('take links only over https and on the network they are for', () => {
    expect(isHttpsLinkOn('https://instagram.com/permuta', ['instagram.com'])).toBe(true);
    expect(isHttpsLinkOn('https://m.youtube.com/watch?v=1', ['youtube.com'])).toBe(true);
    expect(isHttpsLinkOn('http://instagram.com/permuta', ['instagram.com'])).toBe(false);
    expect(isHttpsLinkOn('https://instagram.com.evil.example/x', ['instagram.com'])).toBe(false);
    expect(isHttpsLinkOn('https://user:pw@t.me/x', ['t.me'])).toBe(false);
    expect(issues({ instagramUrl: 'https://t.me/permuta' })).toEqual({
      instagramUrl: 'settings.instagramUrl',
    });
    expect(issues({ telegramUrl: 'javascript:alert(1)' })).toEqual({
      telegramUrl: 'settings.telegramUrl',
    });
    expect(issues({ youtubeTutorialUrl: 'https://vimeo.com/1' })).toEqual({
      youtubeTutorialUrl: 'settings.youtubeUrl',
    });
  });

  it('treat an empty optional text as not set', () => {
    const values = parsed({ instagramUrl: '', supportEmail: '   ', derivAccount: null });
    expect(values).toMatchObject({ instagramUrl: null, supportEmail: null, derivAccount: null });
  });

  it('store the support e-mail in lower case and the phone in E.164', () => {
    const values = parsed({
      supportEmail: ' Ajuda@Permuta.Example ',
      supportPhone: '(11) 98888-7777',
    });
    expect(values.supportEmail).toBe('ajuda@permuta.example');
    expect(values.supportPhone).toBe('+5511988887777');
    expect(parsed({ supportPhone: '+55 21 3333-4444' }).supportPhone).toBe('+552133334444');
    expect(issues({ supportPhone: '12345' })).toEqual({ supportPhone: 'phone.invalid' });
    expect(issues({ supportEmail: 'ajuda@' })).toEqual({ supportEmail: 'email.invalid' });
  });

  it('check the PIX key for its type with the wallets rules, and normalize it', () => {
    expect(parsed({ pixKeyType: 'cpf', pixKey: '529.982.247-25' }).pixKey).toBe('52998224725');
    expect(parsed({ pixKeyType: 'phone', pixKey: '(11) 98888-7777' }).pixKey).toBe(
      '+5511988887777',
    );
    expect(issues({ pixKeyType: 'cpf', pixKey: '529.982.247-24' })).toEqual({
      pixKey: 'pixKey.cpf',
    });
    expect(issues({ pixKeyType: 'random', pixKey: 'not-a-key' })).toEqual({
      pixKey: 'pixKey.random',
    });
    expect(issues({ pixKeyType: 'email', pixKey: '' })).toEqual({
      pixKey: 'settings.pixKeyRequired',
    });
    expect(issues({ pixKeyType: null, pixKey: 'pix@permuta.example' })).toEqual({
      pixKeyType: 'pixKeyType.required',
    });
    expect(parsed({ pixKeyType: null, pixKey: null })).toMatchObject({
      pixKeyType: null,
      pixKey: null,
    });
  });

  it('take a Deriv account as CR and digits, with the specification message', () => {
    expect(parsed({ derivAccount: 'cr42' }).derivAccount).toBe('CR42');
    expect(issues({ derivAccount: 'VR42' })).toEqual({ derivAccount: 'deriv.prefix' });
    expect(issues({ derivAccount: 'CR4x2' })).toEqual({ derivAccount: 'deriv.digits' });
  });

  it('take per-customer limits as whole orders from 1 to 100 and positive amounts, a day not below an order', () => {
    expect(issues({ customerMaxOpenOrders: 0 })).toEqual({
      customerMaxOpenOrders: 'settings.openOrders',
    });
    expect(issues({ customerMaxOpenOrders: 1.5 })).toEqual({
      customerMaxOpenOrders: 'settings.openOrders',
    });
    expect(issues({ customerMaxOpenOrders: 101 })).toEqual({
      customerMaxOpenOrders: 'settings.openOrders',
    });
    expect(issues({ customerMaxOrderBrl: '0.00' })).toEqual({
      customerMaxOrderBrl: 'amount.positive',
    });
    expect(issues({ customerMaxDailyBrl: '-1' })).toEqual({
      customerMaxDailyBrl: 'settings.amount',
    });
    expect(issues({ customerMaxDailyBrl: '1e5' })).toEqual({
      customerMaxDailyBrl: 'settings.amount',
    });
    expect(issues({ customerMaxOrderBrl: '60000', customerMaxDailyBrl: '50000' })).toEqual({
      customerMaxDailyBrl: 'settings.dailyBelowOrder',
    });
    expect(
      parsed({
        customerMaxOpenOrders: 1,
        customerMaxOrderBrl: '5000.50',
        customerMaxDailyBrl: '5000.5',
      }),
    ).toMatchObject({
      customerMaxOpenOrders: 1,
      customerMaxOrderBrl: '5000.5',
      customerMaxDailyBrl: '5000.5',
    });
  });

  it('take the risk limits of automatic payouts: positive amounts in order, whole counts from 0', () => {
    expect(issues({ autoPayoutMaxOrderBrl: '0' })).toEqual({
      autoPayoutMaxOrderBrl: 'amount.positive',
    });
    expect(issues({ autoPayoutMaxOrderBrl: '5000\u0000' })).toEqual({
      autoPayoutMaxOrderBrl: 'settings.amount',
    });
    expect(issues({ autoPayoutMaxCustomerDayBrl: '1'.repeat(40) })).toEqual({
      autoPayoutMaxCustomerDayBrl: 'settings.amount',
    });
    expect(issues({ autoPayoutMaxOrderBrl: '20000.01' })).toEqual({
      autoPayoutMaxCustomerDayBrl: 'settings.dailyBelowOrder',
    });
    expect(issues({ payoutSecondApprovalAboveBrl: '4999.99' })).toEqual({
      payoutSecondApprovalAboveBrl: 'settings.secondApprovalBelowOrder',
    });
    expect(issues({ payoutFirstOrdersHeld: -1 })).toEqual({
      payoutFirstOrdersHeld: 'settings.firstOrdersHeld',
    });
    expect(issues({ payoutFirstOrdersHeld: 101 })).toEqual({
      payoutFirstOrdersHeld: 'settings.firstOrdersHeld',
    });
    expect(issues({ payoutNewWalletHoldHours: 721 })).toEqual({
      payoutNewWalletHoldHours: 'settings.holdHours',
    });
    expect(issues({ payoutNewWalletHoldHours: 1.5 })).toEqual({
      payoutNewWalletHoldHours: 'settings.holdHours',
    });
    expect(
      parsed({
        autoPayoutMaxOrderBrl: '20000.00',
        payoutSecondApprovalAboveBrl: '20000',
        payoutFirstOrdersHeld: 0,
        payoutNewWalletHoldHours: 0,
      }),
    ).toMatchObject({
      autoPayoutMaxOrderBrl: '20000',
      autoPayoutMaxCustomerDayBrl: '20000',
      payoutSecondApprovalAboveBrl: '20000',
      payoutFirstOrdersHeld: 0,
      payoutNewWalletHoldHours: 0,
    });
  });

  it('keep the BR Code merchant name and city within their lengths', () => {
    expect(issues({ pixMerchantName: 'A'.repeat(26) })).toEqual({
      pixMerchantName: 'settings.merchantName',
    });
    expect(issues({ pixMerchantCity: 'São José dos Campos' })).toEqual({
      pixMerchantCity: 'settings.merchantCity',
    });
    expect(parsed({ pixMerchantCity: 'Jundiaí' }).pixMerchantCity).toBe('Jundiaí');
  });

  it('take the boleto deadlines as whole business days from 1 to 20', () => {
    expect(issues({ boletoIssueBusinessDays: 0 })).toEqual({
      boletoIssueBusinessDays: 'settings.businessDays',
    });
    expect(issues({ boletoDueBusinessDays: 21 })).toEqual({
      boletoDueBusinessDays: 'settings.businessDays',
    });
    expect(issues({ boletoDueBusinessDays: 1.5 })).toEqual({
      boletoDueBusinessDays: 'settings.businessDays',
    });
    expect(parsed({ boletoIssueBusinessDays: 2, boletoDueBusinessDays: 5 })).toMatchObject({
      boletoIssueBusinessDays: 2,
      boletoDueBusinessDays: 5,
    });
  });

  it('take whole positive minutes and hours within bounds', () => {
    expect(issues({ quoteLockMinutes: 0 })).toEqual({ quoteLockMinutes: 'settings.minutes' });
    expect(issues({ pendingExpiryMinutes: 2.5 })).toEqual({
      pendingExpiryMinutes: 'settings.minutes',
    });
    expect(issues({ priceStaleMinutes: 10_081 })).toEqual({
      priceStaleMinutes: 'settings.minutes',
    });
    expect(issues({ autoCompleteHours: 721 })).toEqual({ autoCompleteHours: 'settings.hours' });
    expect(parsed({ quoteLockMinutes: 1, autoCompleteHours: 720 })).toMatchObject({
      quoteLockMinutes: 1,
      autoCompleteHours: 720,
    });
  });

  it('take operating hours with a real time zone, HH:MM times, open before close and a weekday', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('-03:00')).toBe(false);
    const hours = (change: object) => ({
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1],
        open: '10:00',
        close: '18:00',
        ...change,
      },
    });
    expect(
      parsed(hours({ timeZone: 'america/sao_paulo', days: [5, 1, 5] })).operatingHours,
    ).toEqual({
      timeZone: 'America/Sao_Paulo',
      days: [1, 5],
      open: '10:00',
      close: '18:00',
    });
    expect(issues(hours({ open: '9:00' }))).toEqual({ 'operatingHours.open': 'settings.time' });
    expect(issues(hours({ close: '24:00' }))).toEqual({ 'operatingHours.close': 'settings.time' });
    expect(issues(hours({ open: '18:00', close: '18:00' }))).toEqual({
      'operatingHours.close': 'settings.closeBeforeOpen',
    });
    expect(issues(hours({ days: [] }))).toEqual({ 'operatingHours.days': 'settings.days' });
    expect(issues(hours({ days: [0] }))).toEqual({ 'operatingHours.days.0': 'settings.days' });
    expect(issues(hours({ timeZone: 'Nowhere/City' }))).toEqual({
      'operatingHours.timeZone': 'settings.timeZone',
    });
  });

  it('check every field of the bank account, or take none', () => {
    expect(parsed({ bankAccount: null }).bankAccount).toBeNull();
    expect(
      issues({
        bankAccount: {
          bank: 'It',
          branch: '00001-23',
          account: '12a',
          holder: 'Jo',
          document: '1',
        },
      }),
    ).toEqual({
      'bankAccount.bank': 'settings.bank',
      'bankAccount.branch': 'settings.branch',
      'bankAccount.account': 'settings.account',
      'bankAccount.holder': 'holderName.min',
      'bankAccount.document': 'holderDocument.invalid',
    });
  });

  it('refuse the same default token on both sides', () => {
    expect(issues({ defaultSendToken: 'usdt' })).toEqual({
      defaultReceiveToken: 'settings.sameToken',
    });
    expect(parsed({ defaultSendToken: null }).defaultSendToken).toBeNull();
  });

  it('report several problems at once, each on its field', () => {
    expect(
      issues({
        supportEmail: 'x',
        pixMaxReceive: '10',
        quoteLockMinutes: -1,
        documentsRequired: 'yes' as never,
      }),
    ).toEqual({
      supportEmail: 'email.invalid',
      pixMaxReceive: 'settings.maxBelowMin',
      quoteLockMinutes: 'settings.minutes',
      documentsRequired: 'field.invalid',
    });
  });
});

describe('partial changes', () => {
  it('check only what is sent, and the rules whose fields are all sent', () => {
    expect(settingsUpdateSchema.parse({})).toEqual({});
    expect(settingsUpdateSchema.parse({ pixMaxReceive: '40.50' })).toEqual({
      pixMaxReceive: '40.5',
    });
    expect(
      settingsUpdateSchema.safeParse({ pixMinReceive: '100', pixMaxReceive: '40' }).success,
    ).toBe(false);
    expect(settingsUpdateSchema.parse({ pixKeyType: 'cpf', pixKey: '529.982.247-25' })).toEqual({
      pixKeyType: 'cpf',
      pixKey: '52998224725',
    });
  });

  it('name the fields a change re-checks on the server', () => {
    expect([...fieldsCheckedBy(['pixMaxReceive'])].sort()).toEqual([
      'pixMaxReceive',
      'pixMinReceive',
    ]);
    expect([...fieldsCheckedBy(['pixKey', 'supportEmail'])].sort()).toEqual([
      'pixKey',
      'pixKeyType',
      'supportEmail',
    ]);
  });
});

// --- properties of the limits (decimal strings, never floats) -------------------------------

/** A positive amount with at most 2 decimal places, as typed ("12", "12.5", "0.07"). */
const amountArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 2 }), fc.nat(99))
  .map(([whole, places, cents]) => {
    if (places === 0) return whole.toString();
    const fraction = String(cents).padStart(2, '0').slice(0, places);
    return `${whole}.${fraction}`;
  })
  .filter((value) => /[1-9]/.test(value));

/** Exact cents of an amount string, an oracle independent of the decimal library. */
function cents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

describe('PIX and Deriv limits (property)', () => {
  it('are accepted exactly when the maximum is not below the minimum', () => {
    fc.assert(
      fc.property(amountArb, amountArb, (min, max) => {
        const pix = settingsSchema.safeParse({ ...VALID, pixMinReceive: min, pixMaxReceive: max });
        const deriv = settingsSchema.safeParse({
          ...VALID,
          derivMinReceive: min,
          derivMaxReceive: max,
        });
        const ordered = cents(max) >= cents(min);
        expect(pix.success).toBe(ordered);
        expect(deriv.success).toBe(ordered);
        if (!ordered && !pix.success) {
          expect(pix.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
            ['pixMaxReceive', 'settings.maxBelowMin'],
          ]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keep the value of an amount when normalizing it, and normalizing twice changes nothing', () => {
    fc.assert(
      fc.property(amountArb, fc.boolean(), (amount, padded) => {
        // "12.5" typed as "12.50" is the same limit
        const [whole = '0', fraction = ''] = amount.split('.');
        const typed = padded ? `${whole}.${fraction.padEnd(2, '0')}` : amount;
        const once = settingsUpdateSchema.parse({ pixMinReceive: typed }).pixMinReceive as string;
        expect(cents(once)).toBe(cents(amount));
        expect(settingsUpdateSchema.parse({ pixMinReceive: once }).pixMinReceive).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse zero and more than 2 decimal places', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 1, max: 9 }), (amount, digit) => {
        const threePlaces = `${amount.split('.')[0]}.${'0'.repeat(2)}${digit}`;
        const result = settingsUpdateSchema.safeParse({ derivMaxReceive: threePlaces });
        expect(result.success).toBe(false);
      }),
    );
    for (const zero of ['0', '0.0', '0.00']) {
      expect(settingsUpdateSchema.safeParse({ pixMinReceive: zero }).success).toBe(false);
      expect(settingsUpdateSchema.parse({ boletoFee: zero }).boletoFee).toBe('0');
    }
  });
});

describe('what visitors see', () => {
  const values = parsed({});

  it('is the public part with the WhatsApp link and whether the desk is open', () => {
    // Monday 12 January 2026, 09:59 in São Paulo: closed, opens at 10:00
    const early = publicSettingsOf(values, new Date('2026-01-12T12:59:00Z'));
    expect(early.deskOpenNow).toBe(false);
    expect(early.nextOpeningAt).toBe('2026-01-12T13:00:00.000Z');
    expect(early.whatsappUrl).toBe('https://wa.me/5511999990000');
    const open = publicSettingsOf(values, new Date('2026-01-12T13:00:00Z'));
    expect(open.deskOpenNow).toBe(true);
    expect(open.nextOpeningAt).toBeNull();
    expect(Object.keys(open)).not.toContain('pixKey');
    expect(Object.keys(open)).not.toContain('bankAccount');
    expect(JSON.stringify(open)).not.toContain('CR1234567');
  });

  it('has no WhatsApp link without a support phone', () => {
    expect(whatsappUrl(null)).toBeNull();
    expect(publicSettingsOf({ ...values, supportPhone: null }, new Date()).whatsappUrl).toBeNull();
  });
});
