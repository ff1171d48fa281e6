import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { networks, orders, tokens, users, wallets } from '@permuta/db';
import type { Db, Network, Token, Tx, Wallet } from '@permuta/db';
import { OPEN_STATUSES } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';

export type WalletRow = Wallet;
export type NewWalletRow = typeof wallets.$inferInsert;

/** A wallet with what its view shows of the token and network. */
export interface WalletWithRefs {
  wallet: WalletRow;
  token: Pick<Token, 'code' | 'name' | 'kind'>;
  network: Pick<Network, 'code' | 'name'> | null;
}

/** A wallet's network rules, needed to check an address or memo. */
export type NetworkRules = Pick<
  Network,
  'id' | 'code' | 'name' | 'enabled' | 'addressRegex' | 'memoRegex' | 'memoRequired' | 'isDefault'
>;

const refsColumns = {
  wallet: wallets,
  token: { code: tokens.code, name: tokens.name, kind: tokens.kind },
  network: { code: networks.code, name: networks.name },
};

function withNullNetwork(row: {
  wallet: WalletRow;
  token: WalletWithRefs['token'];
  network: { code: string; name: string } | null;
}): WalletWithRefs {
  return { wallet: row.wallet, token: row.token, network: row.network?.code ? row.network : null };
}

/** The customer's wallets, by token order then network code. */
export async function listWallets(db: Db | Tx, userId: string): Promise<WalletWithRefs[]> {
  const rows = await db
    .select(refsColumns)
    .from(wallets)
    .innerJoin(tokens, eq(tokens.id, wallets.tokenId))
    .leftJoin(networks, eq(networks.id, wallets.networkId))
    .where(eq(wallets.userId, userId))
    .orderBy(asc(tokens.sortOrder), asc(tokens.code), asc(networks.code), asc(wallets.createdAt));
  return rows.map(withNullNetwork);
}

/** One wallet of the customer with its token and network; someone else's is as good as absent. */
export async function findOwnWallet(
  db: Db | Tx,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WalletWithRefs | null> {
  const query = db
    .select(refsColumns)
    .from(wallets)
    .innerJoin(tokens, eq(tokens.id, wallets.tokenId))
    .leftJoin(networks, eq(networks.id, wallets.networkId))
    .where(and(eq(wallets.id, id), eq(wallets.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: wallets }) : await query;
  return row ? withNullNetwork(row) : null;
}

/** A token by code with all its networks (enabled or not). */
export async function findTokenWithNetworks(
  db: Db | Tx,
  code: string,
): Promise<{ token: Token; networks: NetworkRules[] } | null> {
  const [token] = await db.select().from(tokens).where(eq(tokens.code, code)).limit(1);
  if (!token) return null;
  const rows = await db
    .select({
      id: networks.id,
      code: networks.code,
      name: networks.name,
      enabled: networks.enabled,
      addressRegex: networks.addressRegex,
      memoRegex: networks.memoRegex,
      memoRequired: networks.memoRequired,
      isDefault: networks.isDefault,
    })
    .from(networks)
    .where(eq(networks.tokenId, token.id))
    .orderBy(asc(networks.code));
  return { token, networks: rows };
}

export async function networkRules(db: Db | Tx, networkId: string): Promise<NetworkRules | null> {
  const [row] = await db
    .select({
      id: networks.id,
      code: networks.code,
      name: networks.name,
      enabled: networks.enabled,
      addressRegex: networks.addressRegex,
      memoRegex: networks.memoRegex,
      memoRequired: networks.memoRequired,
      isDefault: networks.isDefault,
    })
    .from(networks)
    .where(eq(networks.id, networkId))
    .limit(1);
  return row ?? null;
}

/** The customer's CPF (11 digits), null for an account without one. */
export async function customerCpf(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ cpf: users.cpf }).from(users).where(eq(users.id, userId));
  return row?.cpf ?? null;
}

export async function insertWallet(tx: Db | Tx, values: NewWalletRow): Promise<WalletRow> {
  const [row] = await tx.insert(wallets).values(values).returning();
  if (!row) throw new Error('wallet insert returned no row');
  return row;
}

export async function updateWallet(
  tx: Db | Tx,
  userId: string,
  id: string,
  values: Partial<NewWalletRow>,
): Promise<WalletRow | null> {
  const [row] = await tx
    .update(wallets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(wallets.id, id), eq(wallets.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteWallet(tx: Db | Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(wallets)
    .where(and(eq(wallets.id, id), eq(wallets.userId, userId)))
    .returning({ id: wallets.id });
  return rows.length > 0;
}

/** The reference of an open order (not completed, canceled or refunded) paying into the wallet. */
export async function openOrderUsingWallet(tx: Db | Tx, walletId: string): Promise<string | null> {
  const [row] = await tx
    .select({ reference: orders.reference })
    .from(orders)
    .where(
      and(eq(orders.walletId, walletId), inArray(orders.status, OPEN_STATUSES as OrderStatus[])),
    )
    .limit(1);
  return row?.reference ?? null;
}

/**
 * For order creation: the customer's wallet that receives `tokenId` on `networkId`. A PIX or
 * Deriv wallet is stored with its token's only network (BRL, USD), so a null `networkId` also
 * finds it; pass `lock` inside the order's transaction so that the wallet cannot be deleted
 * before the order commits.
 */
export async function findWalletForOrder(
  db: Db | Tx,
  userId: string,
  tokenId: string,
  networkId: string | null,
  options: { lock?: boolean } = {},
): Promise<WalletRow | null> {
  const query = db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.userId, userId),
        eq(wallets.tokenId, tokenId),
        networkId === null
          ? or(isNull(wallets.networkId), sql`${wallets.kind} <> 'crypto'`)
          : eq(wallets.networkId, networkId),
      ),
    )
    .orderBy(asc(wallets.createdAt))
    .limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  return row ?? null;
}
