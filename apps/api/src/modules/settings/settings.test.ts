import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLog, settings } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: TestCustomer;
// Saturday 10 January 2026, 12:00 in São Paulo (UTC-3): the desk is closed.
let clock = new Date('2026-01-10T15:00:00Z');

function as(
  who: { cookie: string } | null,
  method: 'GET' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
  locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}
const patch = (payload: object, locale?: string) =>
  as(admin, 'PATCH', '/api/v1/admin/settings', payload, locale);
const publicSettings = async () => (await as(null, 'GET', '/api/v1/settings')).json();

async function settingsAudits() {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityType, 'settings'))
    .orderBy(desc(auditLog.id));
}

async function storedRow() {
  const [row] = await t.handle.db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('no settings row');
  return row;
}

/** USDT on TRC20 for PIX: the amount of USDT to send. */
const usdtForPix = (amount: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/quotes',
    headers: { 'accept-language': 'en-US' },
    query: { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount },
  });

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => clock } });
  admin = await signInAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => t?.close());

describe('who may read and change the settings', () => {
  it('keeps the admin settings from guests and customers, and the public ones open', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/settings'],
      ['PATCH', '/api/v1/admin/settings'],
      ['GET', '/api/v1/admin/settings/history'],
    ] as const) {
      const payload = method === 'PATCH' ? { supportEmail: 'x@example.com' } : undefined;
      expect((await as(null, method, url, payload)).statusCode, url).toBe(401);
      expect((await as(customer, method, url, payload)).statusCode, url).toBe(403);
    }
    expect((await as(null, 'GET', '/api/v1/settings')).statusCode).toBe(200);
    expect((await storedRow()).supportEmail).toBe('suporte@permuta.example');
  });
});

describe('the public settings', () => {
  it('show contact channels, limits and hours, never the payment details or switches', async () => {
    const res = await as(null, 'GET', '/api/v1/settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      defaultSendToken: 'PIX',
      defaultReceiveToken: 'USDT',
      instagramUrl: 'https://www.instagram.com/permuta.example',
      telegramUrl: 'https://t.me/permuta_example',
      youtubeUrl: 'https://www.youtube.com/@permuta-example',
      youtubeTutorialUrl: 'https://www.youtube.com/watch?v=permutaDemo',
      supportEmail: 'suporte@permuta.example',
      supportPhone: '+5511999990000',
      whatsappUrl: 'https://wa.me/5511999990000',
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5],
        open: '10:00',
        close: '18:00',
      },
      deskOpenNow: false,
      // Monday 12 January, 10:00 in São Paulo
      nextOpeningAt: '2026-01-12T13:00:00.000Z',
      boletoFee: '3.5',
      pixMinReceive: '50',
      pixMaxReceive: '50000',
      derivMinReceive: '10',
      derivMaxReceive: '5000',
      whatsappThresholdBrl: '200',
    });
    const text = res.body;
    for (const hidden of ['pix@permuta.example', 'CR1234567', '11222333000181', 'Itaú']) {
      expect(text).not.toContain(hidden);
    }
    for (const key of [
      'pixKey',
      'derivAccount',
      'bankAccount',
      'autoCryptoPayouts',
      'autoCryptoDeposits',
    ]) {
      expect(body).not.toHaveProperty(key);
    }
  });

  it('say the desk is open inside the operating hours', async () => {
    clock = new Date('2026-01-14T14:30:00Z'); // Wednesday 11:30 in São Paulo
    try {
      const body = await publicSettings();
      expect(body.deskOpenNow).toBe(true);
      expect(body.nextOpeningAt).toBeNull();
    } finally {
      clock = new Date('2026-01-10T15:00:00Z');
    }
  });
});

describe('the admin view', () => {
  it('answers every setting, including the ones visitors never see', async () => {
    const res = await as(admin, 'GET', '/api/v1/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pixKeyType: 'email',
      pixKey: 'pix@permuta.example',
      pixMerchantName: 'PERMUTA',
      pixMerchantCity: 'SAO PAULO',
      derivAccount: 'CR1234567',
      bankAccount: { branch: '0001', account: '12345-6', document: '11222333000181' },
      boletoFee: '3.5',
      quoteLockMinutes: 15,
      pendingExpiryMinutes: 30,
      priceStaleMinutes: 10,
      autoCompleteHours: 72,
      documentsRequired: true,
      twoFactorRequired: false,
      autoCryptoPayouts: false,
      // the demo data credits crypto deposits seen at the exchange (decision 039)
      autoCryptoDeposits: true,
      whatsappThresholdBrl: '200',
      exchangeConfigured: false,
    });
  });
});

describe('invalid changes', () => {
  it('are refused with a message per field in the caller language, and nothing is written', async () => {
    const before = await storedRow();
    const auditsBefore = (await settingsAudits()).length;
    const body = {
      supportEmail: 'not-an-email',
      supportPhone: '12345',
      instagramUrl: 'http://instagram.com/permuta',
      telegramUrl: 'https://evil.example/permuta',
      derivAccount: 'XX123',
      pixMinReceive: '0',
      derivMaxReceive: '5.123',
      quoteLockMinutes: 0,
      autoCompleteHours: 1.5,
      operatingHours: { timeZone: 'Mars/Olympus', days: [], open: '18:00', close: '10:00' },
      bankAccount: {
        bank: '341',
        branch: 'abc',
        account: '1',
        holder: 'X',
        document: '123',
      },
    };
    const en = await patch(body, 'en-US');
    expect(en.statusCode).toBe(422);
    const error = en.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Please check the form for errors.');
    expect(error.fields).toEqual({
      supportEmail: 'Enter a valid e-mail.',
      supportPhone: 'Phone must have 10 or 11 digits.',
      instagramUrl: 'Enter an https://instagram.com/... link.',
      telegramUrl: 'Enter an https://t.me/... link.',
      derivAccount: 'Deriv account number must start with CR.',
      pixMinReceive: 'The amount must be greater than zero.',
      derivMaxReceive: 'Enter an amount with at most 2 decimal places, for example 100.50.',
      quoteLockMinutes: 'Enter a whole number of minutes from 1 to 10080 (7 days).',
      autoCompleteHours: 'Enter a whole number of hours from 1 to 720 (30 days).',
      'operatingHours.timeZone': 'Enter a time zone such as America/Sao_Paulo.',
      'operatingHours.days': 'Choose at least one weekday.',
      'operatingHours.close': 'The closing time must be after the opening time.',
      'bankAccount.branch':
        'Enter the branch: 1 to 5 digits, with an optional check digit (0001 or 1234-5).',
      'bankAccount.holder': 'Holder name must have at least 3 characters.',
      'bankAccount.document':
        'Enter a valid CPF (11 digits) or CNPJ (14 characters) of the holder.',
    });

    const pt = await patch(body, 'pt-BR');
    expect(pt.statusCode).toBe(422);
    expect(pt.json().error.message).toBe('Verifique os erros do formulário.');
    expect(pt.json().error.fields).toMatchObject({
      supportEmail: 'Informe um e-mail válido.',
      derivAccount: 'O número da conta Deriv deve começar com CR.',
      'operatingHours.close': 'O horário de fechamento deve ser depois do de abertura.',
    });

    expect(await storedRow()).toEqual(before);
    expect(await settingsAudits()).toHaveLength(auditsBefore);
  });

  it('checks a change against the stored values it depends on', async () => {
    // the stored PIX minimum is 50, the stored key type is e-mail
    const below = await patch({ pixMaxReceive: '40' });
    expect(below.statusCode).toBe(422);
    expect(below.json().error.fields).toEqual({
      pixMaxReceive: 'The maximum must not be below the minimum.',
    });
    const raised = await patch({ derivMinReceive: '6000' });
    expect(raised.json().error.fields).toEqual({
      derivMaxReceive: 'The maximum must not be below the minimum.',
    });
    const cpfAsEmail = await patch({ pixKey: '529.982.247-25' });
    expect(cpfAsEmail.json().error.fields).toEqual({
      pixKey: 'Enter a valid e-mail (at most 77 characters).',
    });
    const cleared = await patch({ pixKey: '' });
    expect(cleared.json().error.fields).toEqual({
      pixKey: 'Enter the PIX key of the chosen type.',
    });
    expect((await storedRow()).pixMaxReceive).toMatch(/^50000(\.0+)?$/);
  });

  it('takes per-customer limits only as positive whole orders and positive amounts, a day not below an order', async () => {
    const bad = await patch({
      customerMaxOpenOrders: 0,
      customerMaxOrderBrl: '-5',
      customerMaxDailyBrl: '10.001',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      customerMaxOpenOrders: 'Enter a whole number of orders from 1 to 100.',
      customerMaxOrderBrl: 'Enter an amount with at most 2 decimal places, for example 100.50.',
      customerMaxDailyBrl: 'Enter an amount with at most 2 decimal places, for example 100.50.',
    });
    const zero = await patch({ customerMaxOrderBrl: '0', customerMaxOpenOrders: 2.5 }, 'pt-BR');
    expect(zero.json().error.fields).toEqual({
      customerMaxOrderBrl: 'O valor deve ser maior que zero.',
      customerMaxOpenOrders: 'Informe um número inteiro de pedidos de 1 a 100.',
    });
    // the stored day limit is R$ 50.000: an order limit above it is refused on the day's field
    const above = await patch({ customerMaxOrderBrl: '60000' });
    expect(above.json().error.fields).toEqual({
      customerMaxDailyBrl: 'The limit per day must not be below the limit per order.',
    });

    const saved = await patch({
      customerMaxOpenOrders: 3,
      customerMaxOrderBrl: '15000.50',
      customerMaxDailyBrl: '40000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      customerMaxOpenOrders: 3,
      customerMaxOrderBrl: '15000.5',
      customerMaxDailyBrl: '40000',
    });
    const restored = await patch({
      customerMaxOpenOrders: 2,
      customerMaxOrderBrl: '20000',
      customerMaxDailyBrl: '50000',
    });
    expect(restored.statusCode).toBe(200);
  });

  it('takes the limits of each KYC level from the owner, a month not below its day, and audits them', async () => {
    const below = await patch({ tier2DailyBrl: '300000' }, 'pt-BR');
    expect(below.statusCode).toBe(422);
    expect(below.json().error.fields).toEqual({
      tier2MonthlyBrl: 'O limite por mês não pode ser menor que o limite por dia.',
    });
    const bad = await patch({ tier1DailyBrl: '0', tier3MonthlyBrl: '1e9' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'tier1DailyBrl',
      'tier3MonthlyBrl',
    ]);
    const audits = (await settingsAudits()).length;
    const saved = await patch({ tier1DailyBrl: '1500.50', tier1MonthlyBrl: '6000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      tier1DailyBrl: '1500.5',
      tier1MonthlyBrl: '6000',
    });
    const [audit] = await settingsAudits();
    expect((await settingsAudits()).length).toBe(audits + 1);
    expect(audit?.before).toMatchObject({ tier1DailyBrl: '1000', tier1MonthlyBrl: '5000' });
    expect(audit?.after).toMatchObject({ tier1DailyBrl: '1500.5', tier1MonthlyBrl: '6000' });
    const restored = await patch({ tier1DailyBrl: '1000', tier1MonthlyBrl: '5000' });
    expect(restored.statusCode).toBe(200);
  });

  it('takes only default tokens that exist and are enabled, and two different ones', async () => {
    const unknown = await patch({ defaultSendToken: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({
      defaultSendToken: 'This token is not available.',
    });
    const disabled = await as(admin, 'PUT', '/api/v1/admin/tokens/BTC/enabled', {
      enabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    try {
      const res = await patch({ defaultReceiveToken: 'btc' });
      expect(res.json().error.fields).toEqual({
        defaultReceiveToken: 'This token is not available.',
      });
    } finally {
      await as(admin, 'PUT', '/api/v1/admin/tokens/BTC/enabled', { enabled: true });
    }
    const same = await patch({ defaultReceiveToken: 'PIX' }, 'pt-BR');
    expect(same.json().error.fields).toEqual({
      defaultReceiveToken: 'Escolha tokens diferentes para enviar e para receber.',
    });
  });

  it('refuses to make two-factor mandatory for an admin who has not turned it on', async () => {
    const res = await patch({ twoFactorRequired: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      twoFactorRequired: 'Turn on two-factor authentication for your own account first.',
    });
    expect((await storedRow()).twoFactorRequired).toBe(false);
  });
});

describe('a valid change', () => {
  it('stores normalized values and audits before and after of the changed fields only', async () => {
    const res = await patch(
      {
        supportEmail: ' Atendimento@Permuta.Example ',
        supportPhone: '(21) 3333-4444',
        pixKeyType: 'cpf',
        pixKey: '529.982.247-25',
        derivAccount: 'cr7654321',
        instagramUrl: '',
        // unchanged values are not part of the change
        telegramUrl: 'https://t.me/permuta_example',
        quoteLockMinutes: 20,
        operatingHours: {
          timeZone: 'america/sao_paulo',
          days: [6, 1, 2, 3, 4, 5],
          open: '09:00',
          close: '17:30',
        },
      },
      'pt-BR',
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.message).toBe('Configurações salvas.');
    expect(saved.changed.sort()).toEqual(
      [
        'derivAccount',
        'instagramUrl',
        'operatingHours',
        'pixKey',
        'pixKeyType',
        'quoteLockMinutes',
        'supportEmail',
        'supportPhone',
      ].sort(),
    );
    expect(saved.settings).toMatchObject({
      supportEmail: 'atendimento@permuta.example',
      supportPhone: '+552133334444',
      pixKeyType: 'cpf',
      pixKey: '52998224725',
      derivAccount: 'CR7654321',
      instagramUrl: null,
      telegramUrl: 'https://t.me/permuta_example',
      quoteLockMinutes: 20,
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5, 6],
        open: '09:00',
        close: '17:30',
      },
      updatedBy: admin.username,
    });

    const [entry] = await settingsAudits();
    expect(entry).toMatchObject({
      action: 'settings.updated',
      actorType: 'admin',
      actorId: admin.id,
      entityId: '1',
    });
    expect(entry?.before).toEqual({
      supportEmail: 'suporte@permuta.example',
      supportPhone: '+5511999990000',
      pixKeyType: 'email',
      pixKey: 'pix@permuta.example',
      derivAccount: 'CR1234567',
      instagramUrl: 'https://www.instagram.com/permuta.example',
      quoteLockMinutes: 15,
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5],
        open: '10:00',
        close: '18:00',
      },
    });
    expect(entry?.after).toEqual({
      supportEmail: 'atendimento@permuta.example',
      supportPhone: '+552133334444',
      pixKeyType: 'cpf',
      pixKey: '52998224725',
      derivAccount: 'CR7654321',
      instagramUrl: null,
      quoteLockMinutes: 20,
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5, 6],
        open: '09:00',
        close: '17:30',
      },
    });

    // visitors see it on the next request: Saturday 12:00 is now inside the hours
    const visible = await publicSettings();
    expect(visible).toMatchObject({
      supportEmail: 'atendimento@permuta.example',
      whatsappUrl: 'https://wa.me/552133334444',
      instagramUrl: null,
      deskOpenNow: true,
    });
  });

  it('writes nothing and no audit entry when nothing differs', async () => {
    const audits = (await settingsAudits()).length;
    const res = await patch({ supportEmail: 'ATENDIMENTO@permuta.example', quoteLockMinutes: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changed: [],
      message: 'Nothing to save: the settings are unchanged.',
    });
    expect(await settingsAudits()).toHaveLength(audits);
  });

  it('is undone with its audit entry when the audit cannot be written', async () => {
    const before = await storedRow();
    const audits = (await settingsAudits()).length;
    await t.handle.db.execute(sql`
      CREATE FUNCTION refuse_settings_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await t.handle.db.execute(sql`
      CREATE TRIGGER refuse_settings_audit BEFORE INSERT ON audit_log
      FOR EACH ROW WHEN (NEW.entity_type = 'settings') EXECUTE FUNCTION refuse_settings_audit()`);
    try {
      const res = await patch({ boletoFee: '9.90' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.handle.db.execute(sql`DROP TRIGGER refuse_settings_audit ON audit_log`);
      await t.handle.db.execute(sql`DROP FUNCTION refuse_settings_audit()`);
    }
    expect(await storedRow()).toEqual(before);
    expect(await settingsAudits()).toHaveLength(audits);
    expect((await publicSettings()).boletoFee).toBe('3.5');
  });
});

describe('caches of the settings', () => {
  it('the calculator and the public settings see a new PIX maximum at once', async () => {
    // the quote below loads the pricing snapshot (reused for 2 s) with the old limit
    const first = await usdtForPix('100');
    expect(first.statusCode).toBe(200);
    expect(first.json().limits).toMatchObject({ max: '50000', token: 'BRL' });
    expect((await publicSettings()).pixMaxReceive).toBe('50000');

    const res = await patch({ pixMaxReceive: '300.50' });
    expect(res.statusCode).toBe(200);

    const refused = await usdtForPix('100');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
      message: 'The maximum to receive is R$300.50.',
    });
    const catalogue = (await as(null, 'GET', '/api/v1/tokens')).json();
    const pix = catalogue.tokens.find((token: { code: string }) => token.code === 'PIX');
    expect(pix.receiveMax).toBe('300.5');
    expect((await publicSettings()).pixMaxReceive).toBe('300.5');
  });
});

describe('history and the two-factor switch', () => {
  it('lists the latest changes with who made them', async () => {
    const res = await as(admin, 'GET', '/api/v1/admin/settings/history');
    expect(res.statusCode).toBe(200);
    const [latest, previous] = res.json().items;
    expect(latest).toMatchObject({
      actor: admin.username,
      changes: [{ field: 'pixMaxReceive', before: '50000', after: '300.5' }],
    });
    expect(previous.changes).toContainEqual({
      field: 'supportEmail',
      before: 'suporte@permuta.example',
      after: 'atendimento@permuta.example',
    });
  });

  it('the dashboard switch reads and writes the same setting', async () => {
    const security = await as(admin, 'GET', '/api/v1/admin/security');
    expect(security.json()).toEqual({ twoFactorRequired: false });
    const refused = await as(admin, 'PUT', '/api/v1/admin/security', {
      twoFactorRequired: true,
    });
    expect(refused.statusCode).toBe(422);
    expect((await as(admin, 'GET', '/api/v1/admin/settings')).json().twoFactorRequired).toBe(false);
  });
});
