import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkMigrationsFolder,
  findUnsafeStatements,
  ROLLING_BASELINE_MIGRATION,
  splitStatements,
} from './migration-safety.ts';
import { migrationsFolder } from './migrate.ts';

const reasonsOf = (sql: string) => findUnsafeStatements(sql).map((f) => f.reason);

describe('the migrations newer than the rolling-upgrade baseline (decision 053)', () => {
  it('only expand the schema, or say on each narrowing statement why it is safe', () => {
    const { findings } = checkMigrationsFolder(migrationsFolder);
    const lines = findings.map(
      (f) =>
        `${f.file}:${f.line} ${f.statement}\n    ${f.reason}\n    The previous release still ` +
        'runs against this schema: expand now and contract one release later, or mark it ' +
        '"-- contract: <what> unused since <commit or decision>" (docs/decisions/053).',
    );
    expect(lines.join('\n')).toBe('');
  });

  it('starts after the migrations written before the rule', () => {
    expect(ROLLING_BASELINE_MIGRATION).toBe(22);
    // 0014 dropped a column one migration after 0013 stopped using it: before the rule
    const dir = mkdtempSync(join(os.tmpdir(), 'permuta-migrations-'));
    writeFileSync(join(dir, '0014_drop.sql'), 'ALTER TABLE "orders" DROP COLUMN "payout_error";');
    writeFileSync(join(dir, '0023_drop.sql'), 'ALTER TABLE "orders" DROP COLUMN "payout_error";');
    writeFileSync(join(dir, 'notes.md'), 'DROP TABLE "orders";');
    const checked = checkMigrationsFolder(dir);
    expect(checked.judged).toEqual(['0023_drop.sql']);
    expect(checked.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['0023_drop.sql:1']);
  });
});

describe('a migration that only expands', () => {
  it('passes: a new table with its foreign keys and indexes (as drizzle-kit writes it)', () => {
    const sql = [
      'CREATE TABLE "rate_limit_hits" (',
      '\t"key" text NOT NULL,',
      '\t"user_id" text NOT NULL,',
      '\t"count" integer DEFAULT 0 NOT NULL,',
      '\t"reset_at" timestamp with time zone NOT NULL,',
      '\tCONSTRAINT "rate_limit_hits_pk" PRIMARY KEY("key")',
      ');',
      '--> statement-breakpoint',
      'ALTER TABLE "rate_limit_hits" ADD CONSTRAINT "rate_limit_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint',
      'CREATE UNIQUE INDEX "rate_limit_hits_user" ON "rate_limit_hits" USING btree ("user_id");--> statement-breakpoint',
      'CREATE INDEX "orders_created" ON "orders" USING btree ("created_at");',
    ].join('\n');
    expect(findUnsafeStatements(sql)).toEqual([]);
  });

  it('passes: nullable columns, columns with a default (and constraints on them), DROP NOT NULL', () => {
    const sql = [
      'ALTER TABLE "orders" ADD COLUMN "note" text;',
      `ALTER TABLE "settings" ADD COLUMN "max_brl" numeric(38, 18) DEFAULT '5000' NOT NULL;`,
      'ALTER TABLE "orders" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL;',
      `ALTER TABLE "orders" ALTER COLUMN "channel" SET DEFAULT 'web';`,
      'ALTER TABLE "orders" ALTER COLUMN "channel" SET NOT NULL;',
      'ALTER TABLE "orders" ALTER COLUMN "memo" DROP NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "wallet_id" uuid;',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_wallet_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id");',
      'ALTER TABLE "settings" ADD COLUMN "hold_minutes" integer DEFAULT 5 NOT NULL;',
      'ALTER TABLE "settings" ADD CONSTRAINT "settings_hold" CHECK ("settings"."hold_minutes" > 0);',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_note_unique" UNIQUE("note");',
      `ALTER TYPE "order_status" ADD VALUE 'on_hold';`,
      `UPDATE "orders" SET "note" = 'drop table' WHERE "note" IS NULL;`,
    ].join('\n');
    expect(findUnsafeStatements(sql)).toEqual([]);
  });

  it('ignores destructive words inside strings, function bodies and comments', () => {
    const sql = [
      '-- this migration does not DROP anything',
      'CREATE OR REPLACE FUNCTION audit_guard() RETURNS trigger AS $$',
      'BEGIN',
      "  RAISE EXCEPTION 'DROP COLUMN is refused; RENAME too';",
      'END;',
      '$$ LANGUAGE plpgsql;',
      `COMMENT ON TABLE "orders" IS 'rename me; drop me';`,
    ].join('\n');
    expect(findUnsafeStatements(sql)).toEqual([]);
  });
});

describe('a migration that narrows what the previous release uses', () => {
  it.each([
    ['ALTER TABLE "orders" DROP COLUMN "payout_error";', /drops a column/],
    ['DROP TABLE "contact_messages";', /DROP TABLE/],
    ['DROP INDEX IF EXISTS "orders_idempotency";', /DROP INDEX/],
    ['ALTER TABLE "orders" RENAME COLUMN "memo" TO "note";', /renames/],
    ['ALTER TABLE "orders" RENAME TO "exchange_orders";', /renames/],
    ['ALTER TABLE "orders" ALTER COLUMN "amount" SET DATA TYPE numeric(20, 2);', /type/],
    ['ALTER TABLE orders ALTER amount TYPE integer USING amount::integer;', /type/],
    ['ALTER TABLE "orders" ALTER COLUMN "memo" SET NOT NULL;', /NOT NULL without a default/],
    ['ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;', /NOT NULL without a default/],
    ['ALTER TABLE "orders" ALTER COLUMN "memo" DROP DEFAULT;', /drops a column, constraint/],
    ['ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_positive";', /drops a column, const/],
    [`ALTER TABLE "orders" ADD CONSTRAINT "memo_short" CHECK (length("memo") < 10);`, /narrows/],
    ['CREATE UNIQUE INDEX "users_phone" ON "users" USING btree ("phone");', /unique index/],
    [
      'ALTER TABLE "users" ADD COLUMN "x" integer; ALTER TABLE "users" ADD CONSTRAINT "c" CHECK ("users"."x" > "users"."age");',
      /narrows/,
    ],
    ['TRUNCATE "price_holds";', /empties/],
  ])('fails without a marker: %s', (sql, reason) => {
    const reasons = reasonsOf(sql);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(reason);
  });

  it('passes with a marker naming why, above the statement or after it on its line', () => {
    expect(
      findUnsafeStatements(
        [
          '-- contract: orders.payout_error unused since decision 041 (commit 1a2b3c4)',
          'ALTER TABLE "orders" DROP COLUMN "payout_error";--> statement-breakpoint',
          'ALTER TABLE "orders" ALTER COLUMN "memo" SET NOT NULL; -- safe: written by every release since 0003',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('still fails with an empty or vague marker, or a marker meant for another statement', () => {
    const sql = [
      '-- contract:',
      'ALTER TABLE "orders" DROP COLUMN "a";',
      '-- contract: ok',
      'ALTER TABLE "orders" DROP COLUMN "b";',
      '-- contract: orders.c unused since decision 050',
      'ALTER TABLE "orders" ADD COLUMN "d" text;',
      'ALTER TABLE "orders" DROP COLUMN "c";',
    ].join('\n');
    expect(findUnsafeStatements(sql, '0099_x.sql').map((f) => `${f.file}:${f.line}`)).toEqual([
      '0099_x.sql:2',
      '0099_x.sql:4',
      '0099_x.sql:7',
    ]);
  });
});

describe('splitting SQL into statements', () => {
  it('splits at top-level semicolons and keeps the line of each statement', () => {
    const statements = splitStatements(
      ["CREATE TABLE a (x text DEFAULT ';');", '', '-- note', 'DROP TABLE b;'].join('\n'),
    );
    expect(statements.map((s) => [s.line, s.code, s.comments])).toEqual([
      [1, "CREATE TABLE A (X TEXT DEFAULT '')", []],
      [4, 'DROP TABLE B', ['note']],
    ]);
  });
});
