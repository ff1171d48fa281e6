import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { BetterAuthOptions, DBAdapter, Where } from 'better-auth/types';
import { schema } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

/**
 * better-auth's database: its drizzle adapter, seen through a wrapper that
 * - stores a session's token only as its SHA-256 (hex): the cookie carries the token, the
 *   `sessions.token` column its hash. Every token better-auth writes or looks up is hashed on its
 *   way in; a session row it reads back by token gets the token it asked with (so its own later
 *   calls, such as deleting the session it just read, keep working). A session listed by user
 *   carries the hash: the product never lists sessions through better-auth.
 * - makes better-auth's reads and writes join a transaction of ours (withAuthTransaction), so a
 *   change better-auth makes and our audit entry commit or roll back together;
 * - inserts a session better-auth creates in one transaction with a callback's writes
 *   (onSessionCreated): a sign-in's session exists only with its audit entry.
 *
 * The drizzle adapter is configured without transactions of its own (as before): better-auth's
 * "transactions" run statement by statement, or inside ours when a service opened one.
 */

/** What `sessions.token` holds for a session token (and what the session reader looks up). */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A session better-auth just created, as the onSessionCreated callback sees it. */
export interface CreatedSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

type SessionCallback = (tx: Tx, session: CreatedSession) => Promise<void>;

interface Scope {
  /** the database the scope belongs to (tests run several apps in one process) */
  db: Db;
  tx?: Tx;
  onSessionCreated?: SessionCallback;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` with every read and write better-auth makes through `tx`, a transaction of `db`
 * (on PGlite nothing else may use `db` meanwhile, and nothing does). better-auth's own failure
 * bookkeeping (wrong codes, lockouts) would roll back with the transaction: use this only where a
 * failure writes nothing, or commit the failure before rethrowing.
 */
export function withAuthTransaction<T>(db: Db, tx: Tx, fn: () => Promise<T>): Promise<T> {
  const outer = scopes.getStore();
  return scopes.run({ ...(outer?.db === db ? outer : {}), db, tx }, fn);
}

/**
 * Runs `fn`; a session better-auth creates meanwhile is inserted in one transaction with what
 * `callback` writes through its `tx` (an audit entry): when the callback throws, there is no
 * session and better-auth's call fails.
 */
export function onSessionCreated<T>(
  db: Db,
  callback: SessionCallback,
  fn: () => Promise<T>,
): Promise<T> {
  const outer = scopes.getStore();
  return scopes.run({ ...(outer?.db === db ? outer : {}), db, onSessionCreated: callback }, fn);
}

const ADAPTER_CONFIG = { provider: 'pg', schema, usePlural: true } as const;

const isSessionModel = (model: string) => model === 'session' || model === 'sessions';

type Row = Record<string, unknown>;

/** better-auth's adapter over `db`, hashing session tokens and joining our transactions. */
export function authDatabase(db: Db): (options: BetterAuthOptions) => DBAdapter {
  const factory = drizzleAdapter(db, ADAPTER_CONFIG);
  return (options) => {
    const base = factory(options);
    const overTransactions = new WeakMap<Tx, DBAdapter>();
    const adapterOf = (tx: Tx): DBAdapter => {
      let adapter = overTransactions.get(tx);
      if (!adapter) {
        adapter = drizzleAdapter(tx, ADAPTER_CONFIG)(options);
        overTransactions.set(tx, adapter);
      }
      return adapter;
    };
    const scope = (): Scope | undefined => {
      const store = scopes.getStore();
      return store?.db === db ? store : undefined;
    };
    const current = (): DBAdapter => {
      const tx = scope()?.tx;
      return tx ? adapterOf(tx) : base;
    };

    /** The where clause with session tokens hashed, and the way back from each hash. */
    function hashWhere(model: string, where: Where[] | undefined) {
      const tokens = new Map<string, string>();
      if (!where || !isSessionModel(model)) return { where, tokens };
      const hash = (value: unknown) => {
        if (typeof value !== 'string') return value;
        const hashed = sessionTokenHash(value);
        tokens.set(hashed, value);
        return hashed;
      };
      return {
        where: where.map((clause) =>
          clause.field === 'token'
            ? {
                ...clause,
                value: (Array.isArray(clause.value)
                  ? clause.value.map(hash)
                  : hash(clause.value)) as Where['value'],
              }
            : clause,
        ),
        tokens,
      };
    }

    /** A session row read by token gets the token it was asked for. */
    function restore<T>(row: T, tokens: Map<string, string>): T {
      if (tokens.size === 0 || !row || typeof row !== 'object') return row;
      if (Array.isArray(row)) return row.map((item: unknown) => restore(item, tokens)) as T;
      const token = (row as Row).token;
      const original = typeof token === 'string' ? tokens.get(token) : undefined;
      return original === undefined ? row : ({ ...row, token: original } as T);
    }

    function hashData<T>(model: string, data: T): T {
      if (!isSessionModel(model) || !data || typeof data !== 'object') return data;
      const token = (data as Row).token;
      return typeof token === 'string' ? { ...data, token: sessionTokenHash(token) } : data;
    }

    async function createSession(args: Parameters<DBAdapter['create']>[0]): Promise<unknown> {
      const token = (args.data as Row).token;
      const tokens = new Map<string, string>();
      if (typeof token === 'string') tokens.set(sessionTokenHash(token), token);
      const insert = async (adapter: DBAdapter) =>
        restore(await adapter.create({ ...args, data: hashData(args.model, args.data) }), tokens);
      const store = scope();
      const callback = store?.onSessionCreated;
      if (!callback) return insert(current());
      const withCallback = async (tx: Tx) => {
        const row = (await insert(adapterOf(tx))) as Row;
        await callback(tx, {
          id: String(row.id),
          userId: String(row.userId),
          createdAt: new Date(row.createdAt as Date),
          expiresAt: new Date(row.expiresAt as Date),
        });
        return row;
      };
      return store.tx ? withCallback(store.tx) : db.transaction(withCallback);
    }

    const adapter = {
      id: base.id,
      ...(base.options ? { options: base.options } : {}),
      ...(base.createSchema ? { createSchema: base.createSchema } : {}),
      create: (args: Parameters<DBAdapter['create']>[0]) =>
        isSessionModel(args.model) ? createSession(args) : current().create(args),
      async findOne(args: Parameters<DBAdapter['findOne']>[0]) {
        const { where, tokens } = hashWhere(args.model, args.where);
        return restore(await current().findOne({ ...args, where: where ?? [] }), tokens);
      },
      async findMany(args: Parameters<DBAdapter['findMany']>[0]) {
        const { where, tokens } = hashWhere(args.model, args.where);
        return restore(await current().findMany({ ...args, where }), tokens);
      },
      count(args: Parameters<DBAdapter['count']>[0]) {
        return current().count({ ...args, where: hashWhere(args.model, args.where).where });
      },
      async update(args: Parameters<DBAdapter['update']>[0]) {
        const { where, tokens } = hashWhere(args.model, args.where);
        const update = hashData(args.model, args.update);
        return restore(await current().update({ ...args, where: where ?? [], update }), tokens);
      },
      updateMany(args: Parameters<DBAdapter['updateMany']>[0]) {
        const where = hashWhere(args.model, args.where).where ?? [];
        return current().updateMany({ ...args, where, update: hashData(args.model, args.update) });
      },
      delete(args: Parameters<DBAdapter['delete']>[0]) {
        return current().delete({ ...args, where: hashWhere(args.model, args.where).where ?? [] });
      },
      deleteMany(args: Parameters<DBAdapter['deleteMany']>[0]) {
        const where = hashWhere(args.model, args.where).where ?? [];
        return current().deleteMany({ ...args, where });
      },
      async consumeOne(args: Parameters<DBAdapter['consumeOne']>[0]) {
        const { where, tokens } = hashWhere(args.model, args.where);
        return restore(await current().consumeOne({ ...args, where: where ?? [] }), tokens);
      },
      async incrementOne(args: Parameters<DBAdapter['incrementOne']>[0]) {
        const { where, tokens } = hashWhere(args.model, args.where);
        const set = args.set ? hashData(args.model, args.set) : undefined;
        return restore(
          await current().incrementOne({ ...args, where: where ?? [], ...(set ? { set } : {}) }),
          tokens,
        );
      },
      // better-auth's own transactions run as they come (the drizzle adapter has none), or
      // inside ours: everything goes through this adapter either way.
      transaction: <R>(callback: (trx: DBAdapter) => Promise<R>) => callback(adapter as DBAdapter),
    };
    return adapter as unknown as DBAdapter;
  };
}
