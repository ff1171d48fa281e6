/**
 * Customers who may order, set up the way the benchmark (scripts/bench-postgres.ts) and the demo
 * day (scripts/demo-day.ts) both need them: registered and signed in through the API, each with
 * their own session; e-mail confirmed, the three documents approved and the wallets written to
 * the database (as the order tests' `trader` does), so that no admin screen is needed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEMO_DEPOSIT_ADDRESSES,
  networks,
  tokens,
  treasuryEntries,
  users,
  wallets,
} from '@permuta/db';
import type { Db } from '@permuta/db';
import { registrationBody } from '../apps/api/test/auth-helpers.ts';
import { insertApprovedDocuments } from './approved-documents.ts';

/**
 * Stock for the tokens the benchmark's orders receive (every token when `codes` is left out): a
 * credit of 1,000,000,000 each, so that the runs measure creating orders, not refusing them.
 */
export async function stockTokens(db: Db, codes?: readonly string[]): Promise<void> {
  const stocked = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(codes ? inArray(tokens.code, [...codes]) : undefined);
  await db.insert(treasuryEntries).values(
    stocked.map((t) => ({
      tokenId: t.id,
      direction: 'credit' as const,
      amount: '1000000000',
      kind: 'adjustment' as const,
      note: 'Benchmark stock',
    })),
  );
}

export const FIRST_NAMES = [
  'Maria',
  'Ana',
  'João',
  'Pedro',
  'Lucas',
  'Juliana',
  'Carlos',
  'Fernanda',
];
export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Almeida',
];

/** The session cookie (`auth_token=...`) a sign-in answer set. */
export function sessionCookie(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('auth_token=') && c !== 'auth_token=');
  if (!cookie) throw new Error(`no session cookie in the sign-in answer (${res.status})`);
  return cookie;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Runs `fn` on every item, `concurrency` at a time. */
export async function inParallel<T>(
  items: T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A wallet a customer gets: `token/network` (PIX/BRL, USDT/TRC20, BTC/BTC, DERIV/USD...). */
export type WalletSpec = `${string}/${string}`;

/** Every customer has these two (the benchmark's orders go into them). */
export const BASE_WALLETS: WalletSpec[] = ['PIX/BRL', 'USDT/TRC20'];

export interface BenchCustomer {
  id: string;
  name: string;
  email: string;
  /** digits */
  cpf: string;
  /** the session cookie's `name=value` */
  cookie: string;
  pixWalletId: string;
  usdtWalletId: string;
  /** wallet id by `token/network` */
  walletIds: Record<string, string>;
  /** the customer's own Deriv account (CR...), when a DERIV/USD wallet was asked for */
  derivAccount: string | null;
}

/**
 * `count` customers, `concurrency` at a time (registration hashes a password: a few at once is
 * what the machine takes): registered through the API (names from a short list, so the desk's
 * searches find a few), e-mail confirmed, the three documents approved, the wallets of
 * `BASE_WALLETS` plus `extraWallets` (each customer's own Deriv account for DERIV); signed in
 * through the API, each with their own session.
 */
export async function createCustomers(
  base: string,
  db: Db,
  count: number,
  options: { concurrency?: number; extraWallets?: WalletSpec[] } = {},
): Promise<BenchCustomer[]> {
  const specs = [...BASE_WALLETS, ...(options.extraWallets ?? [])];
  const catalogue = new Map<WalletSpec, { tokenId: string; networkId: string }>();
  for (const spec of specs) {
    const [token, network] = spec.split('/') as [string, string];
    const [row] = await db
      .select({ tokenId: tokens.id, networkId: networks.id })
      .from(networks)
      .innerJoin(tokens, eq(tokens.id, networks.tokenId))
      .where(and(eq(tokens.code, token), eq(networks.code, network)));
    if (!row) throw new Error(`the catalogue has no ${token} on ${network}`);
    catalogue.set(spec, row);
  }
  const customers: BenchCustomer[] = [];
  // Deriv accounts unique to this run: a transfer names its sender by account alone
  const derivBase = 1_000_000 + Math.floor(Math.random() * 8_000_000);
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    options.concurrency ?? 4,
    async (i) => {
      const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`;
      const body = registrationBody({ name, locale: i % 2 ? 'en-US' : 'pt-BR' });
      const registered = await postJson(`${base}/api/v1/auth/register`, body);
      if (registered.status !== 201) {
        throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
      }
      const email = body.email.toLowerCase();
      const [user] = await db
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      await insertApprovedDocuments(db, user!.id);
      const derivAccount = specs.includes('DERIV/USD') ? `CR${derivBase + i}` : null;
      const rows = specs.map((spec) => {
        const { tokenId, networkId } = catalogue.get(spec)!;
        const [token, network] = spec.split('/') as [string, string];
        const common = { userId: user!.id, tokenId, networkId };
        if (token === 'PIX') {
          return {
            ...common,
            kind: 'pix' as const,
            pixKeyType: 'cpf' as const,
            pixKey: body.cpf,
            bankCode: '260',
            holderName: body.name,
            holderDocument: body.cpf,
          };
        }
        if (token === 'DERIV') return { ...common, kind: 'deriv' as const, derivAccount };
        // well-formed addresses of the network (the demo's; nobody holds their keys)
        const address =
          DEMO_DEPOSIT_ADDRESSES[network as keyof typeof DEMO_DEPOSIT_ADDRESSES] ??
          DEMO_DEPOSIT_ADDRESSES.TRC20;
        return { ...common, kind: 'crypto' as const, address };
      });
      const inserted = await db.insert(wallets).values(rows).returning({ id: wallets.id });
      const walletIds = Object.fromEntries(specs.map((spec, k) => [spec, inserted[k]!.id]));
      const signedIn = await postJson(`${base}/api/v1/auth/sign-in`, {
        email,
        password: body.password,
      });
      if (signedIn.status !== 200) {
        throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
      }
      customers.push({
        id: user!.id,
        name,
        email,
        cpf: body.cpf.replace(/\D/g, ''),
        cookie: sessionCookie(signedIn),
        pixWalletId: walletIds['PIX/BRL']!,
        usdtWalletId: walletIds['USDT/TRC20']!,
        walletIds,
        derivAccount,
      });
    },
  );
  return customers;
}
