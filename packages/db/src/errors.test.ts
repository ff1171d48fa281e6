import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseErrorOf, isForeignKeyViolation, isUniqueViolation } from './errors.ts';

/** node-postgres's DatabaseError: code and constraint as fields. */
function pgError(code: string, constraint?: string): Error {
  return Object.assign(new Error(`violates constraint "${constraint ?? '?'}"`), {
    code,
    constraint,
  });
}

/** A driver error that names the constraint only in its message. */
function messageOnly(code: string, constraint: string): Error {
  const error = new Error(`duplicate key value violates unique constraint "${constraint}"`);
  return Object.assign(error, { code });
}

describe('isUniqueViolation', () => {
  it('recognises the error itself and one drizzle wrapped', () => {
    expect(isUniqueViolation(pgError('23505', 'orders_reference_unique'))).toBe(true);
    const wrapped = new DrizzleQueryError('insert', [], pgError('23505', 'x_unique'));
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(new Error('outer', { cause: wrapped }))).toBe(true);
  });

  it('checks the constraint by field or, failing that, by message', () => {
    const error = new DrizzleQueryError('insert', [], pgError('23505', 'orders_quote_id_unique'));
    expect(isUniqueViolation(error, 'orders_quote_id_unique')).toBe(true);
    expect(isUniqueViolation(error, 'orders_reference_unique')).toBe(false);
    expect(
      isUniqueViolation(messageOnly('23505', 'orders_reference_unique'), 'orders_reference_unique'),
    ).toBe(true);
  });

  it('is false for other codes and errors without one', () => {
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('app'), { code: 'DUPLICATE' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('isForeignKeyViolation / databaseErrorOf', () => {
  it('reads the wrapped SQLSTATE', () => {
    const error = new DrizzleQueryError('delete', [], pgError('23503', 'fk'));
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isForeignKeyViolation(pgError('23505'))).toBe(false);
    expect(databaseErrorOf(error)).toMatchObject({ code: '23503', constraint: 'fk' });
  });
});

describe('one reading of database errors', () => {
  it('no other module tests a SQLSTATE code by hand', () => {
    const root = join(import.meta.dirname, '../../..');
    const offenders = globSync(['apps/api/src/**/*.ts', 'packages/*/src/**/*.ts'], { cwd: root })
      .filter((path) => !(path.endsWith('.test.ts') || path === 'packages/db/src/errors.ts'))
      .filter((path) => /['"]2350[35]['"]/.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
