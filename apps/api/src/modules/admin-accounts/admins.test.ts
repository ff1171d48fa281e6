import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ne } from 'drizzle-orm';
import { accounts, auditLog, sessions, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';

let t: TestApp;
let me: TestAdmin;

const NEW_PASSWORD = 'N3w!Secret';

beforeAll(async () => {
  t = await buildTestApp();
  me = await signInAdmin(t.app);
});
afterAll(async () => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object; locale?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: options.cookie ?? me.cookie,
      'accept-language': options.locale ?? 'en-US',
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function auditEntries(action: string, entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

function adminSignIn(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/sign-in',
    payload: { username, password },
  });
}

describe('access', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/admins' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const customer = await registerCustomer(t.app);
    const res = await call('GET', '/api/v1/admin/admins', { cookie: customer.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});

describe('listing and creating admins', () => {
  it('lists the admins, with the signed-in one among them, and no customer', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('GET', '/api/v1/admin/admins');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; role: string; username: string }[];
    expect(items.find((item) => item.id === me.id)).toMatchObject({
      username: me.username,
      role: 'admin',
      twoFactorEnabled: false,
    });
    expect(items.every((item) => item.role === 'admin')).toBe(true);
    expect(items.some((item) => item.id === customer.id)).toBe(false);
  });

  it('registers a new admin who can then sign in, with the message in the caller language', async () => {
    const res = await call('POST', '/api/v1/admin/admins', {
      payload: {
        username: 'Ops.Maria',
        name: 'Maria Operations',
        adminRole: 'operator',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('A new admin has been registered successfully');
    expect(body.admin).toMatchObject({
      username: 'ops.maria',
      name: 'Maria Operations',
      role: 'admin',
      adminRole: 'operator',
      twoFactorEnabled: false,
    });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, body.admin.id));
    expect(row).toMatchObject({ role: 'admin', email: 'ops.maria@admins.invalid' });
    const [credential] = await t.handle.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, body.admin.id));
    expect(credential?.password).toMatch(/^\$argon2id\$/);

    const signedIn = await adminSignIn('ops.maria', NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    const [entry] = await auditEntries('admin.created', body.admin.id);
    expect(entry).toMatchObject({ actorType: 'admin', actorId: me.id, entityType: 'admin' });
    expect(entry?.ip).toBeTruthy();
    expect(entry?.after).toMatchObject({
      username: 'ops.maria',
      role: 'admin',
      adminRole: 'operator',
    });
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
  });

  it('answers the success message in Portuguese by default', async () => {
    const res = await call('POST', '/api/v1/admin/admins', {
      locale: 'pt-BR',
      payload: {
        username: 'ops_joao',
        adminRole: 'finance',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Um novo administrador foi cadastrado com sucesso');
    expect(res.json().admin.name).toBe('ops_joao');
  });

  it('refuses a username taken by an admin or a customer (409 DUPLICATE on the field)', async () => {
    const customer = await registerCustomer(t.app);
    for (const username of [me.username.toUpperCase(), customer.username]) {
      const res = await call('POST', '/api/v1/admin/admins', {
        payload: {
          username,
          adminRole: 'operator',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'DUPLICATE',
        fields: { username: 'This username is already taken.' },
      });
    }
  });

  it('refuses a weak password and mismatched confirmation', async () => {
    const res = await call('POST', '/api/v1/admin/admins', {
      payload: {
        username: 'weakling',
        adminRole: 'operator',
        password: 'password',
        confirmPassword: 'other',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.fields.password).toMatch(/at least 8 characters/);
    const none = await t.handle.db.select().from(users).where(eq(users.username, 'weakling'));
    expect(none).toHaveLength(0);
  });
  it('refuses a breached password or one holding the username, saying why', async () => {
    const common = await call('POST', '/api/v1/admin/admins', {
      payload: {
        username: 'ops_common',
        adminRole: 'operator',
        password: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
      },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toContain('leaked in data breaches');
    const personal = await call('POST', '/api/v1/admin/admins', {
      payload: {
        username: 'ops_self',
        adminRole: 'operator',
        password: 'Ops_Self!2026',
        confirmPassword: 'Ops_Self!2026',
      },
    });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().error.fields.password).toContain('must not contain your username');
    const none = await t.handle.db.select().from(users).where(eq(users.username, 'ops_common'));
    expect(none).toHaveLength(0);
  });
});

describe('editing admins', () => {
  it('renames an admin: the new username signs in, the old one does not', async () => {
    const other = await signInAdmin(t.app);
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { username: `${other.username}_x` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: other.id, username: `${other.username}_x` });
    expect((await adminSignIn(other.username, other.password)).statusCode).toBe(401);
    expect((await adminSignIn(`${other.username}_x`, other.password)).statusCode).toBe(200);
    const [entry] = await auditEntries('admin.updated', other.id);
    expect(entry?.before).toMatchObject({ username: other.username });
    expect(entry?.after).toMatchObject({ username: `${other.username}_x`, passwordChanged: false });
  });

  it('refuses renaming onto a taken username', async () => {
    const other = await signInAdmin(t.app);
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { username: me.username },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.username).toBe('This username is already taken.');
  });

  it("changes an admin's password and signs that admin out everywhere", async () => {
    const other = await signInAdmin(t.app);
    const before = await call('GET', '/api/v1/me', { cookie: other.cookie });
    expect(before.statusCode).toBe(200);
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const after = await call('GET', '/api/v1/me', { cookie: other.cookie });
    expect(after.statusCode).toBe(401);
    const left = await t.handle.db.select().from(sessions).where(eq(sessions.userId, other.id));
    expect(left).toHaveLength(0);
    expect((await adminSignIn(other.username, other.password)).statusCode).toBe(401);
    expect((await adminSignIn(other.username, NEW_PASSWORD)).statusCode).toBe(200);
    const [entry] = await auditEntries('admin.updated', other.id);
    expect(entry?.after).toMatchObject({ passwordChanged: true, sessionsRevoked: 1 });
    expect(JSON.stringify(entry)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('keeps the current session when admins change their own password', async () => {
    const self = await signInAdmin(t.app);
    const second = sessionCookieOf(await adminSignIn(self.username, self.password));
    const res = await call('PATCH', `/api/v1/admin/admins/${self.id}`, {
      cookie: self.cookie,
      payload: { password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', { cookie: self.cookie })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', { cookie: second })).statusCode).toBe(401);
  });

  it('refuses turning an admin into a customer', async () => {
    const other = await signInAdmin(t.app);
    const res = await call('PATCH', `/api/v1/admin/admins/${other.id}`, {
      payload: { role: 'customer' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ADMIN_DEMOTE_UNSUPPORTED');
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.role).toBe('admin');
  });

  it('answers 404 for an unknown id and for a customer', async () => {
    const customer = await registerCustomer(t.app);
    for (const id of ['no-such-admin', customer.id]) {
      const res = await call('PATCH', `/api/v1/admin/admins/${id}`, {
        payload: { username: 'whatever_name' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses an empty change', async () => {
    const res = await call('PATCH', `/api/v1/admin/admins/${me.id}`, { payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('deleting admins', () => {
  it('deletes another admin, whose session ends, and records it', async () => {
    const other = await signInAdmin(t.app);
    const res = await call('DELETE', `/api/v1/admin/admins/${other.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const list = await call('GET', '/api/v1/admin/admins');
    expect(list.json().items.some((item: { id: string }) => item.id === other.id)).toBe(false);
    expect((await call('GET', '/api/v1/me', { cookie: other.cookie })).statusCode).toBe(401);
    const [entry] = await auditEntries('admin.deleted', other.id);
    expect(entry).toMatchObject({ actorId: me.id, entityType: 'admin' });
    expect(entry?.before).toMatchObject({ username: other.username });
  });

  it('refuses deleting oneself (409 ADMIN_SELF_DELETE)', async () => {
    const res = await call('DELETE', `/api/v1/admin/admins/${me.id}`, { locale: 'pt-BR' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ADMIN_SELF_DELETE',
      message: 'Você não pode excluir a sua própria conta de admin.',
    });
  });

  it('answers 404 for a customer id', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('DELETE', `/api/v1/admin/admins/${customer.id}`);
    expect(res.statusCode).toBe(404);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toBeDefined();
  });

  it('refuses demoting the last admin (409 LAST_ADMIN)', async () => {
    await t.handle.db.delete(users).where(and(eq(users.role, 'admin'), ne(users.id, me.id)));
    const res = await call('PATCH', `/api/v1/admin/admins/${me.id}`, {
      payload: { role: 'customer' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_ADMIN');
    const list = await call('GET', '/api/v1/admin/admins');
    expect(list.json().items).toHaveLength(1);
  });
});
