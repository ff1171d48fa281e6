import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { feeRules, networks, prices, settings, tokens, treasuryEntries } from './schema/index.ts';
import type { NewNetwork, NewSettings, NewToken } from './schema/index.ts';

/** Transaction-level advisory lock so two instances seeding an empty database do it once. */
const SEED_LOCK_KEY = '8243120507419123970';

export const INITIAL_STOCK_NOTE = 'Initial demo stock';

/**
 * A demo deposit address per network. Valid formats (checksums included) built from the 20 bytes
 * of "permuta-demo-address": nobody holds a key for them, never send real funds.
 */
export const DEMO_DEPOSIT_ADDRESSES = {
  TRC20: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
  BEP20: '0x7065726d7574612d64656d6f2d61646472657373',
  ERC20: '0x7065726d7574612d64656d6f2d61646472657373',
  BTC: 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge',
} as const;

const EVM_ADDRESS_REGEX = '^(0x)[0-9A-Fa-f]{40}$';

type DemoNetwork = Omit<NewNetwork, 'tokenId'>;

interface DemoToken {
  token: Omit<NewToken, 'id'>;
  networks: DemoNetwork[];
  priceBrl: string;
  /** Initial treasury stock, credited as an adjustment. */
  stock: string;
}

// Single-network tokens mark their network as the default. USDT has none on purpose: a customer
// picks the network explicitly (sending on the wrong chain loses the funds).
const DEMO_TOKENS: DemoToken[] = [
  {
    token: {
      code: 'PIX',
      name: 'Real (PIX)',
      kind: 'pix',
      precision: 2,
      isLegalMoney: true,
      trading: true,
      sortOrder: 1,
    },
    networks: [
      {
        code: 'BRL',
        name: 'PIX (BRL)',
        isDefault: true,
        minConfirmations: 0,
        withdrawFee: '0',
        withdrawMin: '0',
        withdrawMax: null,
        estimatedArrivalMinutes: 15,
        tip: 'PIX payments are usually instant during operating hours.',
      },
    ],
    priceBrl: '1',
    stock: '500000',
  },
  {
    token: {
      code: 'USDT',
      name: 'Tether USD',
      kind: 'crypto',
      precision: 6,
      trading: true,
      exchangeSymbol: 'USDTBRL',
      sortOrder: 2,
    },
    networks: [
      {
        code: 'TRC20',
        name: 'Tron (TRC20)',
        contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        minConfirmations: 20,
        withdrawFee: '1',
        withdrawMin: '10',
        withdrawMax: '100000',
        estimatedArrivalMinutes: 5,
        addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
        depositAddress: DEMO_DEPOSIT_ADDRESSES.TRC20,
        tip: 'Envie somente USDT pela rede Tron (TRC20) para este endereço.',
      },
      {
        code: 'BEP20',
        name: 'BNB Smart Chain (BEP20)',
        contractAddress: '0x55d398326f99059fF775485246999027B3197955',
        minConfirmations: 15,
        withdrawFee: '0.5',
        withdrawMin: '10',
        withdrawMax: '100000',
        estimatedArrivalMinutes: 3,
        addressRegex: EVM_ADDRESS_REGEX,
        depositAddress: DEMO_DEPOSIT_ADDRESSES.BEP20,
        tip: 'Envie somente USDT pela BNB Smart Chain (BEP20) para este endereço.',
      },
      {
        code: 'ERC20',
        name: 'Ethereum (ERC20)',
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        minConfirmations: 12,
        withdrawFee: '3',
        withdrawMin: '20',
        withdrawMax: '100000',
        estimatedArrivalMinutes: 10,
        addressRegex: EVM_ADDRESS_REGEX,
        depositAddress: DEMO_DEPOSIT_ADDRESSES.ERC20,
        tip: 'Envie somente USDT pela rede Ethereum (ERC20) para este endereço.',
        notice: 'As taxas da rede Ethereum são mais altas que as de TRC20 e BEP20.',
      },
    ],
    priceBrl: '5.40',
    stock: '50000',
  },
  {
    token: {
      code: 'BTC',
      name: 'Bitcoin',
      kind: 'crypto',
      precision: 8,
      trading: true,
      exchangeSymbol: 'BTCBRL',
      sortOrder: 3,
    },
    networks: [
      {
        code: 'BTC',
        name: 'Bitcoin',
        isDefault: true,
        minConfirmations: 2,
        withdrawFee: '0.00002',
        withdrawMin: '0.0001',
        withdrawMax: '2',
        estimatedArrivalMinutes: 60,
        addressRegex: '^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$',
        depositAddress: DEMO_DEPOSIT_ADDRESSES.BTC,
        tip: 'Envie somente BTC pela rede Bitcoin para este endereço.',
      },
    ],
    priceBrl: '520000',
    stock: '2',
  },
  {
    token: {
      code: 'DERIV',
      name: 'Deriv (USD)',
      kind: 'deriv',
      precision: 2,
      trading: true,
      sortOrder: 4,
    },
    networks: [
      {
        code: 'USD',
        name: 'Deriv (USD)',
        isDefault: true,
        minConfirmations: 0,
        withdrawFee: '0',
        withdrawMin: '0',
        withdrawMax: null,
        estimatedArrivalMinutes: 30,
        tip: 'As transferências são feitas pelo nosso agente de pagamento para a sua conta Deriv (CR...).',
      },
    ],
    // Priced as USD, i.e. as USDT.
    priceBrl: '5.40',
    stock: '20000',
  },
];

/** Percentages: the general rule and pair rules (token sent -> token received). */
const GENERAL_FEE_RATE = '5';
const PAIR_FEE_RATES: [send: string, receive: string, rate: string][] = [
  ['USDT', 'PIX', '3.5'],
  ['PIX', 'USDT', '4'],
  ['BTC', 'PIX', '4.5'],
  ['DERIV', 'PIX', '6'],
  ['PIX', 'DERIV', '6'],
];

/** The demo settings row; columns left out keep their database defaults. */
export const DEMO_SETTINGS: NewSettings = {
  id: 1,
  defaultSendToken: 'PIX',
  defaultReceiveToken: 'USDT',
  instagramUrl: 'https://www.instagram.com/permuta.example',
  telegramUrl: 'https://t.me/permuta_example',
  youtubeUrl: 'https://www.youtube.com/@permuta-example',
  supportEmail: 'suporte@permuta.example',
  supportPhone: '+5511999990000',
  youtubeTutorialUrl: 'https://www.youtube.com/watch?v=permutaDemo',
  pixKey: 'pix@permuta.example',
  pixKeyType: 'email',
  pixMerchantName: 'PERMUTA',
  pixMerchantCity: 'SAO PAULO',
  derivAccount: 'CR1234567',
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  autoCryptoPayouts: false,
  autoCryptoDeposits: true,
  // A newcomer's small order settles by itself in the demo (production holds the first orders
  // and a new destination's first payout; decision 043).
  payoutFirstOrdersHeld: 0,
  payoutNewWalletHoldHours: 0,
  boletoFee: '3.50',
  bankAccount: {
    bank: '341 - Itaú Unibanco S.A.',
    branch: '0001',
    account: '12345-6',
    holder: 'PERMUTA SERVICOS DIGITAIS LTDA',
    document: '11222333000181',
  },
};

async function lock(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
}

/**
 * Seeds the demo catalogue (tokens, networks, prices, fee rules), the settings row and the initial
 * treasury stock, in one transaction, only when there is no token yet. Returns whether it seeded.
 */
export async function seedDemoData(db: Db | Tx): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lock(tx);
    const existing = await tx.select({ id: tokens.id }).from(tokens).limit(1);
    if (existing.length > 0) return false;

    const idByCode = new Map<string, string>();
    for (const demo of DEMO_TOKENS) {
      const [token] = await tx
        .insert(tokens)
        .values({ ...demo.token, id: crypto.randomUUID() })
        .returning({ id: tokens.id });
      if (!token) throw new Error(`seed: token ${demo.token.code} not inserted`);
      idByCode.set(demo.token.code, token.id);
      await tx.insert(networks).values(demo.networks.map((n) => ({ ...n, tokenId: token.id })));
      await tx
        .insert(prices)
        .values({ tokenId: token.id, priceBrl: demo.priceBrl, source: 'manual' });
      await tx.insert(treasuryEntries).values({
        tokenId: token.id,
        direction: 'credit',
        amount: demo.stock,
        kind: 'adjustment',
        note: INITIAL_STOCK_NOTE,
      });
    }

    const tokenId = (code: string): string => {
      const id = idByCode.get(code);
      if (!id) throw new Error(`seed: unknown token ${code}`);
      return id;
    };
    await tx.insert(feeRules).values([
      { sendTokenId: null, receiveTokenId: null, rate: GENERAL_FEE_RATE },
      ...PAIR_FEE_RATES.map(([send, receive, rate]) => ({
        sendTokenId: tokenId(send),
        receiveTokenId: tokenId(receive),
        rate,
      })),
    ]);

    // Never overwrite settings an admin may already have edited.
    await tx.insert(settings).values(DEMO_SETTINGS).onConflictDoNothing({ target: settings.id });
    return true;
  });
}

/**
 * Production first start: creates the settings row with the database defaults (limits,
 * operating hours, quote lock, expiry...) when missing. Returns whether it inserted the row.
 */
export async function seedSettingsIfMissing(db: Db | Tx): Promise<boolean> {
  const inserted = await db
    .insert(settings)
    .values({ id: 1 })
    .onConflictDoNothing({ target: settings.id })
    .returning({ id: settings.id });
  return inserted.length > 0;
}

/**
 * A month of daily demo prices before the current ones (noon UTC, a gentle deterministic wave
 * of a few percent around today's price) for the tokens not fixed at 1 BRL, so that a first start
 * shows price history on the dashboard. Only for a database `seedDemoData` just seeded: every
 * row is older than the current price, which stays the latest.
 */
export async function seedDemoPriceHistory(db: Db | Tx, now: Date, days = 30): Promise<number> {
  const rows: { tokenId: string; priceBrl: string; source: 'manual'; createdAt: Date }[] = [];
  const current = await db.execute<{ token_id: string; price_brl: string }>(
    sql`SELECT DISTINCT ON (token_id) token_id, price_brl::text AS price_brl
          FROM prices ORDER BY token_id, created_at DESC`,
  );
  for (const { token_id: tokenId, price_brl: price } of current.rows) {
    const [whole = '0', fraction = ''] = price.split('.');
    const decimals = whole.length >= 4 ? 2 : 4;
    // the price in units of 10^-decimals, as an exact integer
    const units = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
    if (units === 10n ** BigInt(decimals)) continue;
    for (let day = days; day >= 1; day--) {
      const at = new Date(now.getTime() - day * 86_400_000);
      at.setUTCHours(12, 0, 0, 0);
      // the wave in parts per million (an integer): the price itself stays exact
      const ppm = BigInt(
        Math.round(1_000_000 * (1 + 0.025 * Math.sin(day / 4) + 0.008 * Math.cos(day * 1.3))),
      );
      const value = ((units * ppm) / 1_000_000n).toString().padStart(decimals + 1, '0');
      const priceBrl = `${value.slice(0, -decimals)}.${value.slice(-decimals)}`;
      rows.push({ tokenId, priceBrl, source: 'manual', createdAt: at });
    }
  }
  if (rows.length > 0) await db.insert(prices).values(rows);
  return rows.length;
}
