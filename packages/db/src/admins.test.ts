import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminExistsError,
  AdminInputError,
  countAdmins,
  createAdmin,
  generatePassword,
} from './admins.ts';
import type { Db } from './client.ts';
import { hashPassword, isStrongPassword, verifyPassword } from './password.ts';
import { accounts, users } from './schema/index.ts';
import { testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('S3nha!forte');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword({ hash, password: 'S3nha!forte' })).toBe(true);
    expect(await verifyPassword({ hash, password: 's3nha!forte' })).toBe(false);
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'x' })).toBe(false);
  });

  it('generates 20-character passwords with every character class', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(20);
      expect(isStrongPassword(password)).toBe(true);
    }
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });
});

describe.each(testTargets())('admins on $name', (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await target.open();
    db = database.handle.db;
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  }, 60_000);

  it('creates an admin with a generated password stored as an argon2id hash', async () => {
    expect(await countAdmins(db)).toBe(0);
    const admin = await createAdmin(db, { username: 'Root.Admin' });
    expect(admin.username).toBe('root.admin');
    expect(isStrongPassword(admin.password)).toBe(true);

    const [user] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(user).toMatchObject({
      role: 'admin',
      username: 'root.admin',
      adminRole: 'owner',
      displayUsername: 'Root.Admin',
      email: 'root.admin@admins.invalid',
      emailVerified: true,
      cpf: null,
    });
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, admin.id));
    expect(account).toMatchObject({ providerId: 'credential', accountId: admin.id });
    expect(account?.password?.startsWith('$argon2id$')).toBe(true);
    expect(account?.password).not.toContain(admin.password);
    expect(await verifyPassword({ hash: account!.password!, password: admin.password })).toBe(true);
    expect(await countAdmins(db)).toBe(1);
  });

  it('keeps a given password', async () => {
    const admin = await createAdmin(db, { username: 'second', password: 'Outra#Senha9' });
    expect(admin.password).toBe('Outra#Senha9');
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, admin.id));
    expect(await verifyPassword({ hash: account!.password!, password: 'Outra#Senha9' })).toBe(true);
    expect(await countAdmins(db)).toBe(2);
  });

  it('creates an admin of the role it is given, and refuses an admin without a role', async () => {
    const admin = await createAdmin(db, { username: 'cashier', adminRole: 'finance' });
    expect(admin.adminRole).toBe('finance');
    const [user] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(user?.adminRole).toBe('finance');
    await expect(
      db.update(users).set({ adminRole: null }).where(eq(users.id, admin.id)),
    ).rejects.toThrow();
    await db.delete(users).where(eq(users.id, admin.id));
  });

  it('refuses a username already taken, in any case, and writes nothing', async () => {
    await expect(createAdmin(db, { username: 'ROOT.ADMIN' })).rejects.toBeInstanceOf(
      AdminExistsError,
    );
    expect(await countAdmins(db)).toBe(2);
  });

  it('refuses an invalid username or a weak password', async () => {
    await expect(createAdmin(db, { username: 'ab' })).rejects.toBeInstanceOf(AdminInputError);
    await expect(createAdmin(db, { username: 'bad name' })).rejects.toBeInstanceOf(AdminInputError);
    await expect(
      createAdmin(db, { username: 'weakling', password: 'password' }),
    ).rejects.toMatchObject({ field: 'password' });
  });
});
