import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';

/** Admin roles (decision 024): who sets them, what they open, and the last owner. */
let t: TestApp;
let owner: TestAdmin;

const NEW_PASSWORD = 'N3w!Secret';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t.app);
});
afterAll(async () => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object; locale?: string; origin?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: options.cookie ?? owner.cookie,
      'accept-language': options.locale ?? 'en-US',
      ...(options.origin ? { origin: options.origin } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function roleAudits(entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin.role_changed'), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

async function roleOf(id: string) {
  const [row] = await t.handle.db
    .select({ adminRole: users.adminRole })
    .from(users)
    .where(eq(users.id, id));
  return row?.adminRole;
}

describe('creating an admin with a role', () => {
  it('creates a finance admin who then reads the role in its own profile', async () => {
    const res = await call('POST', '/api/v1/admin/admins', {
      payload: {
        username: 'fin.ana',
        adminRole: 'finance',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().admin).toMatchObject({ username: 'fin.ana', adminRole: 'finance' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: 'fin.ana', password: NEW_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'admin', adminRole: 'finance' });
  });

  it('refuses an admin without a role, or with a role that does not exist, in both languages', async () => {
    for (const [adminRole, locale, message] of [
      [undefined, 'en-US', 'Choose the role: owner, finance or operator.'],
      ['boss', 'pt-BR', 'Escolha o papel: proprietário, financeiro ou operador.'],
      ['owner\u0000', 'en-US', null],
    ] as const) {
      const res = await call('POST', '/api/v1/admin/admins', {
        locale,
        payload: {
          username: 'no_role',
          ...(adminRole === undefined ? {} : { adminRole }),
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      });
      expect(res.statusCode, String(adminRole)).toBe(400);
      if (message) expect(res.json().error.fields.adminRole).toBe(message);
    }
    const none = await t.handle.db.select().from(users).where(eq(users.username, 'no_role'));
    expect(none).toHaveLength(0);
  });

  it('lets only an owner create or change admins (403 in the caller language)', async () => {
    for (const role of ['operator', 'finance'] as const) {
      const admin = await signInAdmin(t.app, undefined, role);
      const created = await call('POST', '/api/v1/admin/admins', {
        cookie: admin.cookie,
        locale: 'pt-BR',
        payload: {
          username: `made_by_${role}`,
          adminRole: 'owner',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().error).toMatchObject({
        code: 'ADMIN_ROLE_FORBIDDEN',
        message: 'O seu papel no back office não permite isto. Peça a um proprietário.',
      });
      // nor promote itself
      const promoted = await call('PATCH', `/api/v1/admin/admins/${admin.id}`, {
        cookie: admin.cookie,
        payload: { adminRole: 'owner' },
      });
      expect(promoted.statusCode).toBe(403);
      expect(promoted.json().error.message).toBe(
        'Your role in the back office does not allow this. Ask an owner.',
      );
      expect(await roleOf(admin.id)).toBe(role);
    }
  });
});

describe("changing an admin's role", () => {
  it('changes the role, audits it, and the admin gains or loses access on its next request', async () => {
    const other = await signInAdmin(t.app, undefined, 'operator');
    expect((await call('GET', '/api/v1/admin/treasury', { cookie: other.cookie })).statusCode).toBe(
      403,
    );
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { adminRole: 'finance' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.id, adminRole: 'finance' });
    expect((await call('GET', '/api/v1/admin/treasury', { cookie: other.cookie })).statusCode).toBe(
      200,
    );
    const [entry] = await roleAudits(other.id);
    expect(entry).toMatchObject({ actorType: 'admin', actorId: owner.id, entityType: 'admin' });
    expect(entry?.before).toEqual({ adminRole: 'operator' });
    expect(entry?.after).toEqual({ adminRole: 'finance' });

    // back to operator: the treasury closes again, at once
    await call('PATCH', `/api/v1/admin/admins/${other.id}`, { payload: { adminRole: 'operator' } });
    expect((await call('GET', '/api/v1/admin/treasury', { cookie: other.cookie })).statusCode).toBe(
      403,
    );
    expect(await roleAudits(other.id)).toHaveLength(2);
  });

  it('writes nothing when the role given is the one the admin has', async () => {
    const other = await signInAdmin(t.app, undefined, 'finance');
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { adminRole: 'finance' },
    });
    expect(res.statusCode).toBe(200);
    expect(await roleAudits(other.id)).toHaveLength(0);
  });

  it('refuses a role change from another site', async () => {
    const other = await signInAdmin(t.app, undefined, 'operator');
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      origin: 'https://evil.example',
      payload: { adminRole: 'owner' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect(await roleOf(other.id)).toBe('operator');
  });
});

describe('the last owner', () => {
  it('cannot give itself another role while it is the only owner, in both languages', async () => {
    const solo = await buildTestApp();
    try {
      const only = await signInAdmin(solo.app);
      const helper = await signInAdmin(solo.app, undefined, 'operator');
      for (const [locale, message] of [
        [
          'en-US',
          'The last owner cannot be deleted or given another role. Make another admin an owner first.',
        ],
        [
          'pt-BR',
          'O último proprietário não pode ser excluído nem mudar de papel. Torne outro admin proprietário antes.',
        ],
      ] as const) {
        const res = await solo.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/admins/${only.id}`,
          headers: { cookie: only.cookie, 'accept-language': locale },
          payload: { adminRole: 'finance' },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'LAST_OWNER', message });
      }
      // with a second owner it can step down
      await solo.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/admins/${helper.id}`,
        headers: { cookie: only.cookie },
        payload: { adminRole: 'owner' },
      });
      const stepDown = await solo.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/admins/${only.id}`,
        headers: { cookie: only.cookie },
        payload: { adminRole: 'operator' },
      });
      expect(stepDown.statusCode).toBe(200);
      expect(stepDown.json().adminRole).toBe('operator');
    } finally {
      await solo.close();
    }
  });

  it('keeps one owner when two owners demote each other at the same time', async () => {
    const pair = await buildTestApp();
    const owners = async () =>
      pair.handle.db.select({ id: users.id }).from(users).where(eq(users.adminRole, 'owner'));
    try {
      const a = await signInAdmin(pair.app);
      const b = await signInAdmin(pair.app);
      const demote = (by: TestAdmin, target: TestAdmin) =>
        pair.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/admins/${target.id}`,
          headers: { cookie: by.cookie },
          payload: { adminRole: 'operator' },
        });
      const demoted = await Promise.all([demote(a, b), demote(b, a)]);
      // the second to run is no longer an owner (403) or would remove the last owner (409)
      expect(demoted.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await owners()).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });
});

describe('what each role opens', () => {
  it('shows every admin its own security page routes, and keeps settings and admins for owners', async () => {
    const operator = await signInAdmin(t.app, undefined, 'operator');
    const finance = await signInAdmin(t.app, undefined, 'finance');
    const status = async (cookie: string, url: string) =>
      (await call('GET', url, { cookie })).statusCode;
    expect(await status(operator.cookie, '/api/v1/admin/security')).toBe(200);
    expect(await status(operator.cookie, '/api/v1/admin/orders')).toBe(200);
    expect(await status(operator.cookie, '/api/v1/admin/settings')).toBe(403);
    expect(await status(operator.cookie, '/api/v1/admin/fee-rules')).toBe(403);
    expect(await status(finance.cookie, '/api/v1/admin/fee-rules')).toBe(200);
    expect(await status(finance.cookie, '/api/v1/admin/settings')).toBe(403);
    expect(await status(finance.cookie, '/api/v1/admin/admins')).toBe(403);
    expect(await status(owner.cookie, '/api/v1/admin/settings')).toBe(200);
    // the operator's profile says what it is, so the screens can show only what it may do
    const me = await call('GET', '/api/v1/me', { cookie: operator.cookie });
    expect(me.json().user).toMatchObject({ role: 'admin', adminRole: 'operator' });
  });
});
