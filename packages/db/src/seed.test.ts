import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { feeRules, networks, prices, settings, tokens, treasuryEntries } from './schema/index.ts';
import { SETTINGS_DEFAULTS } from '@permuta/contracts/settings';
import { INITIAL_STOCK_NOTE, seedDemoData, seedSettingsIfMissing } from './seed.ts';
import { testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

describe.each(testTargets())('demo seed on $name', (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await target.open();
    db = database.handle.db;
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  }, 60_000);

  it('seeds an empty database once; a second call changes nothing', async () => {
    expect(await seedDemoData(db)).toBe(true);
    const count = async () => {
      const [row] = await db
        .execute<{ tokens: number; networks: number; prices: number; fees: number; stock: number }>(
          sql`
        SELECT (SELECT count(*) FROM tokens)::int AS tokens,
               (SELECT count(*) FROM networks)::int AS networks,
               (SELECT count(*) FROM prices)::int AS prices,
               (SELECT count(*) FROM fee_rules)::int AS fees,
               (SELECT count(*) FROM treasury_entries)::int AS stock`,
        )
        .then((r) => r.rows);
      return row;
    };
    const before = await count();
    expect(before).toEqual({ tokens: 4, networks: 6, prices: 4, fees: 6, stock: 4 });
    expect(await seedDemoData(db)).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('lists USDT on TRC20, BEP20 and ERC20 with valid demo deposit addresses', async () => {
    const rows = await db
      .select({ token: tokens.code, network: networks })
      .from(networks)
      .innerJoin(tokens, eq(tokens.id, networks.tokenId))
      .orderBy(tokens.sortOrder, networks.code);
    const usdt = rows.filter((row) => row.token === 'USDT').map((row) => row.network);
    expect(usdt.map((n) => n.code)).toEqual(['BEP20', 'ERC20', 'TRC20']);
    // No default among several networks: the customer must choose one.
    expect(usdt.filter((n) => n.isDefault)).toEqual([]);
    for (const code of ['PIX', 'BTC', 'DERIV']) {
      expect(rows.filter((row) => row.token === code).map((row) => row.network.isDefault)).toEqual([
        true,
      ]);
    }
    for (const { network } of rows) {
      if (network.depositAddress && network.addressRegex) {
        expect(network.depositAddress).toMatch(new RegExp(network.addressRegex));
      }
      expect(network.memoRequired).toBe(false);
      if (network.withdrawMax !== null) {
        expect(Number(network.withdrawMax)).toBeGreaterThanOrEqual(Number(network.withdrawMin));
      }
    }
  });

  it('prices DERIV like USDT and PIX at 1 BRL', async () => {
    const rows = await db
      .select({ code: tokens.code, price: prices.priceBrl, source: prices.source })
      .from(prices)
      .innerJoin(tokens, eq(tokens.id, prices.tokenId));
    const byCode = Object.fromEntries(rows.map((row) => [row.code, Number(row.price)]));
    expect(byCode).toEqual({ PIX: 1, USDT: 5.4, BTC: 520000, DERIV: 5.4 });
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['manual']));
  });

  it('has a 5 % general fee rule and pair rules', async () => {
    const [general] = await db
      .select()
      .from(feeRules)
      .where(sql`${feeRules.sendTokenId} IS NULL`);
    expect(Number(general?.rate)).toBe(5);
    const pairs = await db.execute<{ send: string; receive: string; rate: string }>(sql`
      SELECT s.code AS send, r.code AS receive, f.rate::text AS rate
      FROM fee_rules f JOIN tokens s ON s.id = f.send_token_id JOIN tokens r ON r.id = f.receive_token_id`);
    expect(
      Object.fromEntries(pairs.rows.map((p) => [`${p.send}->${p.receive}`, Number(p.rate)])),
    ).toEqual({
      'USDT->PIX': 3.5,
      'PIX->USDT': 4,
      'BTC->PIX': 4.5,
      'DERIV->PIX': 6,
      'PIX->DERIV': 6,
    });
  });

  it('writes the settings row and the initial stock as noted adjustments', async () => {
    const [row] = await db.select().from(settings);
    expect(row).toMatchObject({
      id: 1,
      supportEmail: 'suporte@permuta.example',
      supportPhone: '+5511999990000',
      pixKeyType: 'email',
      pixMerchantName: 'PERMUTA',
      pixMerchantCity: 'SAO PAULO',
      derivAccount: 'CR1234567',
      quoteLockMinutes: 15,
      pendingExpiryMinutes: 30,
      autoCompleteHours: 72,
      priceStaleMinutes: 10,
      documentsRequired: true,
      operatingHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5],
        open: '10:00',
        close: '18:00',
      },
    });
    expect(Number(row?.pixMinReceive)).toBe(50);
    expect(Number(row?.pixMaxReceive)).toBe(50000);
    expect(Number(row?.derivMinReceive)).toBe(10);
    expect(Number(row?.derivMaxReceive)).toBe(5000);
    expect(Number(row?.boletoFee)).toBe(3.5);
    expect(row?.bankAccount?.holder).toBeTruthy();

    const stock = await db.select().from(treasuryEntries);
    expect(stock).toHaveLength(4);
    for (const entry of stock) {
      expect(entry).toMatchObject({
        kind: 'adjustment',
        direction: 'credit',
        note: INITIAL_STOCK_NOTE,
      });
    }
    expect(await seedSettingsIfMissing(db)).toBe(false);
  });
});

describe.each(testTargets())('production settings on $name', (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await target.open();
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  }, 60_000);

  it('inserts the default settings row once and nothing else', async () => {
    const db = database.handle.db;
    expect(await seedSettingsIfMissing(db)).toBe(true);
    expect(await seedSettingsIfMissing(db)).toBe(false);
    const [row] = await db.select().from(settings);
    expect(row).toMatchObject({
      id: 1,
      defaultSendToken: null,
      quoteLockMinutes: 15,
      twoFactorRequired: false,
    });
    expect(Number(row?.whatsappThresholdBrl)).toBe(200);
    expect(await db.select().from(tokens)).toHaveLength(0);
  });

  it("creates the row with the contracts' SETTINGS_DEFAULTS, field by field", async () => {
    const [row] = await database.handle.db.select().from(settings);
    for (const [field, value] of Object.entries(SETTINGS_DEFAULTS)) {
      const stored = row?.[field as keyof typeof SETTINGS_DEFAULTS];
      // money columns come back with their scale ('50.00'): compare them as numbers
      if (typeof value === 'string') expect(Number(stored), field).toBe(Number(value));
      else expect(stored, field).toEqual(value);
    }
  });
});
