import { globSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_OWED_STATUSES, OPEN_STATUSES } from '@permuta/contracts/order-state';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { NOT_OWED_STATUS_LIST, statusLiterals } from './status-sql.ts';

const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment).sql;
const migrations = join(import.meta.dirname, '../../migrations');

describe('status lists in SQL', () => {
  it('writes the contracts’ statuses as literals', () => {
    expect(render(sql`(${NOT_OWED_STATUS_LIST})`)).toBe(
      `(${NOT_OWED_STATUSES.map((s) => `'${s}'`).join(', ')})`,
    );
    expect(() => statusLiterals(["x'); drop table orders; --" as never])).toThrow();
    // the not-owed list is the final statuses and admin_paid; the rest are still in flight
    expect(OPEN_STATUSES).not.toContain('completed');
    expect(NOT_OWED_STATUSES).toContain('admin_paid');
  });

  it('is what the latest migration has for orders_receive_token_open_idx', () => {
    const snapshots = readdirSync(join(migrations, 'meta'))
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort();
    const latest = JSON.parse(
      readFileSync(join(migrations, 'meta', snapshots[snapshots.length - 1]!), 'utf8'),
    ) as { tables: Record<string, { indexes: Record<string, { where?: string }> }> };
    const index = latest.tables['public.orders']?.indexes['orders_receive_token_open_idx'];
    expect(index?.where).toBe(render(sql`"orders"."status" NOT IN (${NOT_OWED_STATUS_LIST})`));
  });
});

describe('no status list written by hand in SQL', () => {
  it('apps/api and packages/db take their status lists from the contracts', () => {
    const root = join(import.meta.dirname, '../../../..');
    const statusLiteral =
      /'(pending|processing|paid|user_confirmed|admin_confirmed|admin_paid|completed|canceled|refunded|error)'\s*,\s*'(pending|processing|paid|user_confirmed|admin_confirmed|admin_paid|completed|canceled|refunded|error)'/;
    const offenders = globSync(['apps/api/src/**/*.ts', 'packages/db/src/**/*.ts'], { cwd: root })
      .filter((path) => !path.endsWith('.test.ts'))
      .map((path) => readFileSync(join(root, path), 'utf8'))
      .filter((text) => /\bsql(\.raw)?\s*[`(]/.test(text) && statusLiteral.test(text));
    expect(offenders).toEqual([]);
  });
});
