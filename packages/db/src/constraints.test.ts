import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import {
  auditLog,
  feeRules,
  networks,
  orders,
  settings,
  tokens,
  treasuryEntries,
  users,
  wallets,
} from './schema/index.ts';
import type { NewOrder, NewUser } from './schema/index.ts';
import { seedDemoData } from './seed.ts';
import { databaseErrorOf, testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

const UNIQUE = '23505';
const CHECK = '23514';
const FOREIGN_KEY = '23503';
const APPEND_ONLY = '42501';

async function expectRejected(
  action: Promise<unknown>,
  expected: { code: string; constraint?: string },
): Promise<void> {
  let caught: unknown;
  try {
    await action;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'the statement should have been refused').toBeDefined();
  const dbError = databaseErrorOf(caught);
  expect(dbError?.code).toBe(expected.code);
  if (expected.constraint) expect(dbError?.constraint).toBe(expected.constraint);
}

let counter = 0;
function customer(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    role: 'customer',
    username: `customer_${tag}`,
    name: `Customer ${tag}`,
    email: `customer_${tag}@example.com`,
    phone: '+5511987654321',
    cpf: String(randomInt(10 ** 10, 10 ** 11 - 1)).padStart(11, '0'),
    birthDate: '1990-05-17',
    ...overrides,
  };
}

async function tokenByCode(db: Db, code: string) {
  const [token] = await db.select().from(tokens).where(eq(tokens.code, code));
  if (!token) throw new Error(`no token ${code}`);
  return token;
}

describe.each(testTargets())('database constraints on $name', (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await target.open();
    db = database.handle.db;
    await seedDemoData(db);
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  }, 60_000);

  describe('users', () => {
    it('refuses a second account with the same e-mail, whatever its case', async () => {
      await db.insert(users).values(customer({ email: 'maria@example.com' }));
      await expectRejected(db.insert(users).values(customer({ email: 'maria@example.com' })), {
        code: UNIQUE,
        constraint: 'users_email_unique',
      });
      await expectRejected(db.insert(users).values(customer({ email: 'Maria@Example.com' })), {
        code: UNIQUE,
        constraint: 'users_email_lower_unique',
      });
    });

    it('refuses a second account with the same username', async () => {
      await db.insert(users).values(customer({ username: 'joaosilva' }));
      await expectRejected(db.insert(users).values(customer({ username: 'joaosilva' })), {
        code: UNIQUE,
        constraint: 'users_username_unique',
      });
    });

    it('refuses a second account with the same CPF', async () => {
      await db.insert(users).values(customer({ cpf: '52998224725' }));
      await expectRejected(db.insert(users).values(customer({ cpf: '52998224725' })), {
        code: UNIQUE,
        constraint: 'users_cpf_unique',
      });
    });

    it('refuses a CPF that is not 11 digits', async () => {
      await expectRejected(db.insert(users).values(customer({ cpf: '529.982.247' })), {
        code: CHECK,
        constraint: 'users_cpf_format',
      });
    });

    it('refuses a customer without CPF, phone or birth date, but accepts an admin without them', async () => {
      await expectRejected(db.insert(users).values(customer({ cpf: null })), {
        code: CHECK,
        constraint: 'users_customer_identity_or_anonymized',
      });
      await expectRejected(db.insert(users).values(customer({ phone: null })), {
        code: CHECK,
        constraint: 'users_customer_identity_or_anonymized',
      });
      await expectRejected(db.insert(users).values(customer({ birthDate: null })), {
        code: CHECK,
        constraint: 'users_customer_identity_or_anonymized',
      });
      await db.insert(users).values(
        customer({
          role: 'admin',
          adminRole: 'operator',
          cpf: null,
          phone: null,
          birthDate: null,
          email: 'ops@admins.invalid',
        }),
      );
    });
  });

  describe('orders', () => {
    let base: NewOrder;

    beforeAll(async () => {
      const [owner] = await db.insert(users).values(customer()).returning();
      const pix = await tokenByCode(db, 'PIX');
      const usdt = await tokenByCode(db, 'USDT');
      const [trc20] = await db
        .select()
        .from(networks)
        .where(sql`${networks.tokenId} = ${usdt.id} AND ${networks.code} = 'TRC20'`);
      const now = Date.now();
      base = {
        reference: 'EX-BASE1',
        userId: owner!.id,
        sendTokenId: pix.id,
        receiveTokenId: usdt.id,
        networkId: trc20!.id,
        amountSend: '1000',
        amountReceive: '175.925925',
        rate: '0.185185185185185185',
        feeRate: '4',
        priceSendBrl: '1',
        priceReceiveBrl: '5.40',
        networkFee: '1',
        addressToReceive: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
        paymentMethod: 'pix',
        quoteLockedUntil: new Date(now + 15 * 60_000),
        expiresAt: new Date(now + 30 * 60_000),
      };
    });

    it('stores a valid order as pending with amounts as decimal strings', async () => {
      const [order] = await db.insert(orders).values(base).returning();
      expect(order?.status).toBe('pending');
      expect(order?.amountSend).toBe('1000.000000000000000000');
      expect(typeof order?.amountReceive).toBe('string');
    });

    it('refuses an amount to send of zero or less', async () => {
      await expectRejected(
        db.insert(orders).values({ ...base, reference: 'EX-ZERO1', amountSend: '0' }),
        { code: CHECK, constraint: 'orders_amount_send_positive' },
      );
      await expectRejected(
        db.insert(orders).values({ ...base, reference: 'EX-NEG01', amountSend: '-5' }),
        { code: CHECK, constraint: 'orders_amount_send_positive' },
      );
    });

    it('refuses an amount to receive or a recorded amount of zero', async () => {
      await expectRejected(
        db.insert(orders).values({ ...base, reference: 'EX-ZERO2', amountReceive: '0' }),
        { code: CHECK, constraint: 'orders_amount_receive_positive' },
      );
      await expectRejected(
        db.insert(orders).values({ ...base, reference: 'EX-ZERO3', amountReceived: '0' }),
        { code: CHECK, constraint: 'orders_amount_received_positive' },
      );
    });

    it('refuses a duplicate reference and a status outside the state machine', async () => {
      await expectRejected(db.insert(orders).values(base), {
        code: UNIQUE,
        constraint: 'orders_reference_unique',
      });
      await expectRejected(
        db.execute(sql`UPDATE orders SET status = 'shipped' WHERE reference = 'EX-BASE1'`),
        { code: '22P02' },
      );
    });
  });

  describe('fee rules', () => {
    it('refuses a rate of 50 % or more, and a negative rate', async () => {
      const usdt = await tokenByCode(db, 'USDT');
      const btc = await tokenByCode(db, 'BTC');
      await expectRejected(
        db.insert(feeRules).values({ sendTokenId: usdt.id, receiveTokenId: btc.id, rate: '50' }),
        { code: CHECK, constraint: 'fee_rules_rate_range' },
      );
      await expectRejected(
        db.insert(feeRules).values({ sendTokenId: usdt.id, receiveTokenId: btc.id, rate: '-1' }),
        { code: CHECK, constraint: 'fee_rules_rate_range' },
      );
      await db
        .insert(feeRules)
        .values({ sendTokenId: usdt.id, receiveTokenId: btc.id, rate: '49.9999' });
    });

    it('refuses a second general rule', async () => {
      await expectRejected(
        db.insert(feeRules).values({ sendTokenId: null, receiveTokenId: null, rate: '7' }),
        { code: UNIQUE, constraint: 'fee_rules_one_general_rule' },
      );
    });

    it('refuses a second rule for the same pair and a half-specified pair', async () => {
      const usdt = await tokenByCode(db, 'USDT');
      const pix = await tokenByCode(db, 'PIX');
      await expectRejected(
        db.insert(feeRules).values({ sendTokenId: usdt.id, receiveTokenId: pix.id, rate: '3' }),
        { code: UNIQUE, constraint: 'fee_rules_pair_unique' },
      );
      await expectRejected(
        db.insert(feeRules).values({ sendTokenId: usdt.id, receiveTokenId: null, rate: '3' }),
        { code: CHECK, constraint: 'fee_rules_pair_complete' },
      );
    });
  });

  describe('wallets', () => {
    let ownerId: string;
    beforeAll(async () => {
      const [owner] = await db.insert(users).values(customer()).returning();
      ownerId = owner!.id;
    });

    it('accepts a Deriv account starting with CR and refuses one without it', async () => {
      const deriv = await tokenByCode(db, 'DERIV');
      await db
        .insert(wallets)
        .values({ userId: ownerId, kind: 'deriv', tokenId: deriv.id, derivAccount: 'CR998877' });
      await expectRejected(
        db
          .insert(wallets)
          .values({ userId: ownerId, kind: 'deriv', tokenId: deriv.id, derivAccount: '998877' }),
        { code: CHECK, constraint: 'wallets_deriv_fields' },
      );
      await expectRejected(
        db.insert(wallets).values({ userId: ownerId, kind: 'deriv', tokenId: deriv.id }),
        { code: CHECK, constraint: 'wallets_deriv_fields' },
      );
    });

    it('refuses a crypto wallet without network or address', async () => {
      const usdt = await tokenByCode(db, 'USDT');
      await expectRejected(
        db
          .insert(wallets)
          .values({ userId: ownerId, kind: 'crypto', tokenId: usdt.id, address: 'T123' }),
        { code: CHECK, constraint: 'wallets_crypto_fields' },
      );
    });

    it('refuses a PIX wallet without the holder data', async () => {
      const pix = await tokenByCode(db, 'PIX');
      await expectRejected(
        db.insert(wallets).values({
          userId: ownerId,
          kind: 'pix',
          tokenId: pix.id,
          pixKeyType: 'email',
          pixKey: 'maria@example.com',
        }),
        { code: CHECK, constraint: 'wallets_pix_fields' },
      );
    });

    it("refuses a wallet whose kind is not its token's, or whose network is another token's", async () => {
      const usdt = await tokenByCode(db, 'USDT');
      const btc = await tokenByCode(db, 'BTC');
      await expectRejected(
        db
          .insert(wallets)
          .values({ userId: ownerId, kind: 'deriv', tokenId: usdt.id, derivAccount: 'CR1' }),
        { code: FOREIGN_KEY, constraint: 'wallets_token_kind_fk' },
      );
      const [btcNetwork] = await db.select().from(networks).where(eq(networks.tokenId, btc.id));
      await expectRejected(
        db.insert(wallets).values({
          userId: ownerId,
          kind: 'crypto',
          tokenId: usdt.id,
          networkId: btcNetwork!.id,
          address: 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge',
        }),
        { code: FOREIGN_KEY, constraint: 'wallets_network_token_fk' },
      );
    });
  });

  describe('audit log', () => {
    it('accepts new entries but refuses to update or delete them', async () => {
      const [entry] = await db
        .insert(auditLog)
        .values({
          actorType: 'system',
          action: 'settings.updated',
          entityType: 'settings',
          entityId: '1',
          after: { quoteLockMinutes: 15 },
        })
        .returning();
      expect(entry?.id).toBeGreaterThan(0);
      await expectRejected(
        db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, entry!.id)),
        { code: APPEND_ONLY },
      );
      await expectRejected(db.delete(auditLog).where(eq(auditLog.id, entry!.id)), {
        code: APPEND_ONLY,
      });
      await expectRejected(db.execute(sql`TRUNCATE audit_log`), { code: APPEND_ONLY });
      const [still] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
      expect(still?.action).toBe('settings.updated');
    });
  });

  describe('treasury and settings', () => {
    it('requires a note on adjustments and an order on other entries', async () => {
      const usdt = await tokenByCode(db, 'USDT');
      await expectRejected(
        db
          .insert(treasuryEntries)
          .values({ tokenId: usdt.id, direction: 'debit', amount: '10', kind: 'adjustment' }),
        { code: CHECK, constraint: 'treasury_entries_cause' },
      );
      await expectRejected(
        db
          .insert(treasuryEntries)
          .values({ tokenId: usdt.id, direction: 'debit', amount: '10', kind: 'payout' }),
        { code: CHECK, constraint: 'treasury_entries_cause' },
      );
      await expectRejected(
        db.insert(treasuryEntries).values({
          tokenId: usdt.id,
          direction: 'credit',
          amount: '0',
          kind: 'adjustment',
          note: 'zero',
        }),
        { code: CHECK, constraint: 'treasury_entries_amount_positive' },
      );
    });

    it('keeps a single settings row with consistent limits', async () => {
      await expectRejected(db.insert(settings).values({ id: 2 }), {
        code: CHECK,
        constraint: 'settings_single_row',
      });
      await expectRejected(db.update(settings).set({ pixMinReceive: '100', pixMaxReceive: '99' }), {
        code: CHECK,
        constraint: 'settings_pix_limits',
      });
      await expectRejected(db.update(settings).set({ derivMinReceive: '0' }), {
        code: CHECK,
        constraint: 'settings_deriv_limits',
      });
    });
  });

  describe('catalogue', () => {
    it('refuses a precision above 18 and a network maximum below its minimum', async () => {
      await expectRejected(
        db.insert(tokens).values({ code: 'XYZ', name: 'XYZ', kind: 'crypto', precision: 19 }),
        { code: CHECK, constraint: 'tokens_precision_range' },
      );
      const usdt = await tokenByCode(db, 'USDT');
      await expectRejected(
        db.insert(networks).values({
          tokenId: usdt.id,
          code: 'SOL',
          name: 'Solana',
          withdrawMin: '10',
          withdrawMax: '5',
        }),
        { code: CHECK, constraint: 'networks_withdraw_max_gte_min' },
      );
    });

    it('allows one default network per token', async () => {
      const btc = await tokenByCode(db, 'BTC');
      await expectRejected(
        db
          .insert(networks)
          .values({ tokenId: btc.id, code: 'LIGHTNING', name: 'Lightning', isDefault: true }),
        { code: UNIQUE, constraint: 'networks_one_default_per_token' },
      );
    });
  });
});
