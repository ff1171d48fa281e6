import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, integrations } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { createSecretBox, purposeKey } from '../../lib/secret-box.ts';
import { createIntegrationsService } from './integrations.service.ts';

let t: TestApp;
let owner: TestAdmin;
let finance: TestAdmin;
let customer: TestCustomer;

const CLIENT_SECRET = 'psp-client-secret-do-not-leak-0123456789';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t.app);
  finance = await signInAdmin(t.app, undefined, 'finance');
  customer = await registerCustomer(t.app);
});
afterAll(async () => t?.close());

function put(provider: string, payload: unknown, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/integrations/${provider}`,
    headers: { cookie: owner.cookie, 'accept-language': 'pt-BR', ...extra },
    payload: payload as object,
  });
}

async function view(provider: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/integrations',
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().integrations.find((i: { provider: string }) => i.provider === provider);
}

describe('the integrations of the back office', () => {
  it('starts with every provider unset and switched off', async () => {
    expect(await view('pix')).toMatchObject({
      config: {},
      secretsSet: { clientSecret: false, certificate: false, privateKey: false },
      configured: false,
      deposits: false,
      payouts: false,
      updatedAt: null,
    });
    expect(await view('deriv')).toMatchObject({ configured: false, secretsSet: { token: false } });
  });

  it('keeps credentials encrypted, never shows them back, and audits only their names', async () => {
    const res = await put('pix', {
      config: { apiUrl: 'https://pix.example.com.br', clientId: 'Client_Id_permuta' },
      secrets: { clientSecret: CLIENT_SECRET },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(CLIENT_SECRET);
    expect(res.json()).toMatchObject({
      config: { apiUrl: 'https://pix.example.com.br', clientId: 'Client_Id_permuta' },
      secretsSet: { clientSecret: true, certificate: false },
      configured: true,
      deposits: false,
    });
    const [row] = await t.app.db
      .select()
      .from(integrations)
      .where(eq(integrations.provider, 'pix'));
    expect(row!.secrets).toMatch(/^[0-9a-f]+$/);
    expect(row!.secrets).not.toContain(Buffer.from(CLIENT_SECRET).toString('hex'));
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'integration'));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(CLIENT_SECRET);
    expect(audits.at(-1)!.after).toMatchObject({ secretsChanged: ['clientSecret'] });

    const read = await t.app.services.integrations.read('pix');
    expect(read.secrets.clientSecret).toBe(CLIENT_SECRET);
    expect(read.configured).toBe(true);
  });

  it('turns a switch on only when everything is set, and says what is missing', async () => {
    const refused = await put('deriv', { config: { appId: '12345' }, deposits: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'INTEGRATION_INCOMPLETE',
      fields: { 'config.wsUrl': expect.any(String), 'secrets.token': expect.any(String) },
    });
    expect(refused.json().error.message).toContain('Preencha');
    expect((await view('deriv')).deposits).toBe(false);

    const on = await put('deriv', {
      config: { wsUrl: 'wss://ws.derivws.com/websockets/v3', appId: '12345' },
      secrets: { token: 'a1-Token_of_agent' },
      deposits: true,
      payouts: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ configured: true, deposits: true, payouts: true });
    expect(await t.app.services.integrations.read('deriv')).toMatchObject({
      deposits: true,
      payouts: true,
    });

    // A credential removed while switched on: the switch no longer works.
    const removed = await put('deriv', { secrets: { token: null } });
    expect(removed.statusCode).toBe(422);
    const off = await put('deriv', { secrets: { token: null }, deposits: false, payouts: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ configured: false, secretsSet: { token: false } });
  });

  it.each([
    [
      'an address that is not https',
      { config: { apiUrl: 'http://pix.example.com' } },
      'config.apiUrl',
    ],
    ['a NUL byte', { config: { clientId: 'abc\u0000def' } }, 'config.clientId'],
    ['a line break', { config: { clientId: 'abc\ndef' } }, 'config.clientId'],
    ['an absurd length', { config: { clientId: 'x'.repeat(100_000) } }, 'config.clientId'],
    ['a field it does not have', { config: { password: 'x' } }, 'config'],
    [
      'a certificate that is not PEM',
      { secrets: { certificate: 'not a certificate' } },
      'secrets.certificate',
    ],
    ['a switch that is not a boolean', { deposits: 'yes' }, null],
  ])('refuses %s with a specific 4xx and changes nothing', async (_name, body, field) => {
    const before = await view('pix');
    const res = await put('pix', body);
    expect([400, 422]).toContain(res.statusCode);
    if (field) expect(res.json().error.fields).toHaveProperty(field);
    expect(await view('pix')).toEqual(before);
  });

  it('answers 400 for a provider it does not know', async () => {
    const res = await put('paypal', { deposits: false });
    expect(res.statusCode).toBe(400);
  });

  it('is the owner’s: finance, a customer, nobody and another site are refused', async () => {
    const asFinance = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/integrations',
      headers: { cookie: finance.cookie },
    });
    expect(asFinance.statusCode).toBe(403);
    const asCustomer = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/integrations/pix',
      headers: { cookie: customer.cookie },
      payload: { deposits: false },
    });
    expect([401, 403]).toContain(asCustomer.statusCode);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/v1/admin/integrations' });
    expect(nobody.statusCode).toBe(401);
    const crossSite = await put(
      'pix',
      { config: { clientId: 'evil' } },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await view('pix')).config.clientId).not.toBe('evil');
  });

  it('says the credentials must be entered again when AUTH_SECRET changed', async () => {
    const other = createIntegrationsService({
      db: t.app.db,
      box: createSecretBox(purposeKey('another-secret-0123456789abcdefghijklmnop', 'integrations')),
      now: () => new Date(),
    });
    await expect(other.read('pix')).rejects.toMatchObject({
      code: 'INTEGRATION_UNREADABLE',
      status: 409,
    });
    // the view still answers, showing no credential set
    const listed = await other.view();
    expect(listed.integrations.find((i) => i.provider === 'pix')?.secretsSet.clientSecret).toBe(
      false,
    );
  });

  it('with unlessUnchanged writes and audits only a change that changes something', async () => {
    const system = { adminId: null, ip: null };
    const service = t.app.services.integrations;
    const entries = async () =>
      (
        await t.app.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'integration.updated'), eq(auditLog.entityId, 'deriv')))
      ).length;
    const change = {
      config: { wsUrl: 'wss://ws.derivws.com/websockets/v3', appId: '4242' },
      secrets: { token: 'the-system-token-0123' },
      deposits: true,
    };
    const once = { unlessUnchanged: true };
    const start = await entries();
    await service.update(system, 'deriv', change, once);
    expect(await entries()).toBe(start + 1);
    const written = await view('deriv');

    // the same again (its secret would encrypt differently): nothing written, nothing audited
    await service.update(system, 'deriv', change, once);
    await service.update(system, 'deriv', { config: { appId: '4242' }, deposits: true }, once);
    expect(await entries()).toBe(start + 1);
    expect(await view('deriv')).toEqual(written);

    // a different secret, a switch: written
    await service.update(system, 'deriv', { secrets: { token: 'another-token-0123' } }, once);
    await service.update(system, 'deriv', { deposits: false }, once);
    expect(await entries()).toBe(start + 3);
    // without the option, the same change is written as before
    await service.update(system, 'deriv', { deposits: false });
    expect(await entries()).toBe(start + 4);

    // credentials unreadable under another AUTH_SECRET: written anew
    const other = createIntegrationsService({
      db: t.app.db,
      box: createSecretBox(purposeKey('another-secret-0123456789abcdefghijklmnop', 'integrations')),
      now: () => new Date(),
    });
    await other.update(
      system,
      'deriv',
      { ...change, secrets: { token: 'another-token-0123' } },
      once,
    );
    expect(await entries()).toBe(start + 5);
    // back to no token and switched off, for the tests after this one
    await service.update(system, 'deriv', { secrets: { token: null }, deposits: false });
  });

  it('tests a provider only once it is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/integrations/deriv/test',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, result: 'incomplete' });
  });
});
