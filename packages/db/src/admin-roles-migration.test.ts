import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { migrationsBefore, testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

describe.each(testTargets())('the admin roles migration on $name', (target) => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await target.open({ migrate: false });
    folder = migrationsBefore('_admin_roles');
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('makes every admin of before the roles an owner, and gives customers no role', async () => {
    const { db } = database.handle;
    await migrate(database.handle, { folder });
    await db.execute(sql`
      INSERT INTO users (id, role, username, name, email, email_verified)
      VALUES ('old-admin', 'admin', 'old.admin', 'old.admin', 'old.admin@admins.invalid', true)`);
    await db.execute(sql`
      INSERT INTO users (id, role, username, name, email, cpf, phone, birth_date)
      VALUES ('old-customer', 'customer', 'old.customer', 'Old Customer', 'old@example.com',
              '52998224725', '+5511988887777', '1990-01-01')`);
    await migrate(database.handle);
    const rows = await db.execute<{ id: string; admin_role: string | null }>(
      sql`SELECT id, admin_role FROM users ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { id: 'old-admin', admin_role: 'owner' },
      { id: 'old-customer', admin_role: null },
    ]);
    // from now on an admin needs a role and a customer cannot have one
    await expect(
      db.execute(sql`UPDATE users SET admin_role = NULL WHERE id = 'old-admin'`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE users SET admin_role = 'operator' WHERE id = 'old-customer'`),
    ).rejects.toThrow();
  });
});
