import type { Db, NewNetwork, NewToken } from '@permuta/db';
import { DECIMAL_PATTERN, dec, normalize } from '@permuta/contracts';
import type { PriceRefreshResult } from '@permuta/contracts';
import { writeAudit } from '../../lib/audit.ts';
import type { AuditEntry } from '../../lib/audit.ts';
import { fromExchangeNetwork, isExchangeError } from '../../adapters/exchange/exchange.ts';
import type {
  ExchangeClient,
  ExchangeCoin,
  ExchangeNetwork,
} from '../../adapters/exchange/exchange.ts';
import * as repo from './catalogue.repository.ts';
import type { NetworkRow, TokenRow } from './catalogue.repository.ts';
import * as guard from './price-guard.ts';
import type { Log } from '../../lib/log.ts';

type WarnLogger = Pick<Log, 'warn'>;

const silent: WarnLogger = { warn: () => {} };

function reasonOf(error: unknown): string {
  if (isExchangeError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads the exchange's public ticker for every token priced by the exchange and appends one
 * price row each (at `now`). A symbol of the form `A*B` is the product of two tickers (e.g.
 * ETHUSDT*USDTBRL). A token without a symbol, an unknown symbol or a failed call is logged and
 * skipped; the others are still updated. Run every minute by the jobs; callers tell the pricing
 * snapshot afterwards (`app.pricing.invalidate()`).
 */
export async function refreshExchangePrices(
  db: Db,
  exchange: ExchangeClient,
  now: Date,
  log: WarnLogger = silent,
): Promise<PriceRefreshResult> {
  const result: PriceRefreshResult = { updated: [], held: [], skipped: [] };
  const tokens = await repo.exchangePricedTokens(db);
  const { feedHoldPercent } = await guard.priceGuardSettings(db);
  const tickers = new Map<string, Promise<string>>();
  const ticker = (symbol: string) => {
    let found = tickers.get(symbol);
    if (!found) {
      found = exchange.tickerPrice(symbol);
      tickers.set(symbol, found);
    }
    return found;
  };
  for (const token of tokens) {
    if (!token.exchangeSymbol) {
      log.warn({ token: token.code }, 'exchange price skipped: the token has no exchange symbol');
      result.skipped.push({ code: token.code, reason: 'no exchange symbol' });
      continue;
    }
    try {
      const parts = await Promise.all(token.exchangeSymbol.split('*').map(ticker));
      let price = dec(1);
      for (const part of parts) {
        if (!DECIMAL_PATTERN.test(part.trim())) throw new Error(`unusable price "${part}"`);
        price = price.times(part.trim());
      }
      if (price.lte(0)) throw new Error('the exchange price is zero');
      const priceBrl = normalize(price.round(18, 0));
      const outcome = await applyFeedPrice(db, token, priceBrl, now, feedHoldPercent);
      if (outcome.held) {
        log.warn(
          { token: token.code, priceBrl, previousPriceBrl: outcome.previousPriceBrl },
          'exchange price held: it jumped beyond the hold percentage',
        );
        result.held.push({
          code: token.code,
          priceBrl,
          previousPriceBrl: outcome.previousPriceBrl,
        });
      } else {
        result.updated.push({ code: token.code, priceBrl });
      }
    } catch (error) {
      const reason = reasonOf(error);
      log.warn(
        { token: token.code, symbol: token.exchangeSymbol, err: reason },
        'exchange price skipped',
      );
      result.skipped.push({ code: token.code, reason });
    }
  }
  return result;
}

/**
 * One feed price, in one transaction with its audit entry: applied (a new price row; a hold is
 * cleared when the price is back within the hold percentage of the accepted one), or held when
 * it jumped beyond that percentage from the last accepted price (the token's quotes pause until
 * an admin accepts or rejects it, or a later feed price clears it).
 */
async function applyFeedPrice(
  db: Db,
  token: { id: string; code: string },
  priceBrl: string,
  now: Date,
  holdPercent: number,
): Promise<{ held: false } | { held: true; previousPriceBrl: string }> {
  return db.transaction(async (tx) => {
    const hold = await guard.lockHold(tx, token.id);
    const previous = (await repo.latestPrices(tx, [token.id])).get(token.id) ?? null;
    const system = { actorType: 'system' as const, actorId: null, entityType: 'token' };
    if (previous && guard.beyond(previous.priceBrl, priceBrl, holdPercent)) {
      const row = await guard.putHold(tx, {
        tokenId: token.id,
        priceBrl,
        previousPriceBrl: previous.priceBrl,
        at: now,
      });
      // A hold whose price did not move is not a change worth another entry.
      if (!hold || !dec(hold.priceBrl).eq(priceBrl)) {
        await writeAudit(tx, {
          ...system,
          action: 'price.held',
          entityId: token.id,
          before: { tokenCode: token.code, price: previous, heldPrice: guard.auditHold(hold) },
          after: {
            tokenCode: token.code,
            price: previous,
            heldPrice: guard.auditHold(row),
            changePercent: guard.changePercent(previous.priceBrl, priceBrl),
          },
        });
      }
      return { held: true, previousPriceBrl: previous.priceBrl };
    }
    if (hold) await guard.deleteHold(tx, token.id);
    const row = await repo.insertPrice(tx, {
      tokenId: token.id,
      priceBrl,
      source: 'exchange',
      createdAt: now,
    });
    await writeAudit(tx, {
      ...system,
      action: hold ? 'price.hold_cleared' : 'price.feed_applied',
      entityId: token.id,
      before: {
        tokenCode: token.code,
        price: previous,
        ...(hold ? { heldPrice: guard.auditHold(hold) } : {}),
      },
      after: {
        tokenCode: token.code,
        price: { priceBrl: normalize(row.priceBrl), source: 'exchange' },
        ...(hold ? { heldPrice: null } : {}),
      },
    });
    return { held: false };
  });
}

// --- catalogue sync ---------------------------------------------------------------------------

export interface SyncOptions {
  now?: Date;
  log?: WarnLogger;
  /** who asked (an admin from the screen, or the system's job) */
  actor?: { type: 'admin' | 'system'; id: string | null; ip?: string | null };
}

export interface SyncResult {
  tokensCreated: string[];
  tokensUpdated: number;
  networksCreated: string[];
  networksUpdated: number;
  skipped: string[];
}

const TOKEN_CODE = /^[A-Z0-9]{1,20}$/;
const NETWORK_CODE = /^[A-Z0-9_-]{1,30}$/;

function amount(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const normalized = normalize(dec(text).round(18, 0));
  return DECIMAL_PATTERN.test(normalized) ? normalized : null;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

function validRegex(value: unknown): string | null {
  const pattern = text(value, 300);
  if (!pattern) return null;
  try {
    new RegExp(pattern);
    return pattern;
  } catch {
    return null;
  }
}

/** What the exchange says about a network, in our columns (never the enabled flags). */
function networkFacts(n: ExchangeNetwork): Partial<NewNetwork> | null {
  const withdrawFee = amount(n.withdrawFee);
  const withdrawMin = amount(n.withdrawMin);
  if (withdrawFee === null || withdrawMin === null) return null;
  let withdrawMax = amount(n.withdrawMax);
  if (withdrawMax !== null && (dec(withdrawMax).lte(0) || dec(withdrawMax).lt(withdrawMin))) {
    withdrawMax = null;
  }
  const confirmations = Number.isInteger(n.minConfirm) && n.minConfirm >= 0 ? n.minConfirm : 0;
  const arrival =
    typeof n.estimatedArrivalTime === 'number' && Number.isInteger(n.estimatedArrivalTime)
      ? Math.max(0, n.estimatedArrivalTime)
      : null;
  return {
    contractAddress: text(n.contractAddress, 200),
    minConfirmations: confirmations,
    withdrawFee,
    withdrawMin,
    withdrawMax,
    estimatedArrivalMinutes: arrival,
    addressRegex: validRegex(n.addressRegex),
    memoRegex: validRegex(n.memoRegex),
    memoRequired: n.sameAddress === true,
  };
}

function balances(coin: ExchangeCoin): Partial<NewToken> {
  return {
    balanceFree: amount(coin.free),
    balanceLocked: amount(coin.locked),
    balanceFreeze: amount(coin.freeze),
    balanceWithdrawing: amount(coin.withdrawing),
    balanceIpoable: amount(coin.ipoable),
    balanceIpoing: amount(coin.ipoing),
    balanceStorage: amount(coin.storage),
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const x = String(a);
  const y = String(b);
  if (/^\d+(\.\d+)?$/.test(x) && /^\d+(\.\d+)?$/.test(y)) return dec(x).eq(y);
  return x === y;
}

/** The keys of `next` whose value differs from `current`, with both sides. */
function diff(current: Record<string, unknown>, next: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || same(current[key], value)) continue;
    before[key] = current[key] ?? null;
    after[key] = value;
  }
  return { before, after, changed: Object.keys(after).length > 0 };
}

/**
 * Imports the exchange's coins and networks (capital config, signed): creates the missing ones,
 * updates fees, limits, confirmations, patterns, balances and flags of the others. New coins are
 * created disabled, and new networks of existing tokens too, so nothing reaches customers
 * unasked. A sync never turns an enabled flag on: `enabled` is left alone, and deposit/withdraw
 * of an existing network can only be switched off by the exchange, never back on. Each coin is
 * written in its own short transaction with its audit entries. Throws the ExchangeError of the
 * capital config call.
 */
export async function syncCatalogue(
  db: Db,
  exchange: ExchangeClient,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? silent;
  const actor = options.actor ?? { type: 'system' as const, id: null };
  const coins = await exchange.capitalConfig();
  const result: SyncResult = {
    tokensCreated: [],
    tokensUpdated: 0,
    networksCreated: [],
    networksUpdated: 0,
    skipped: [],
  };
  const audit = (entry: Omit<AuditEntry, 'actorType' | 'actorId' | 'ip'>): AuditEntry => ({
    actorType: actor.type,
    actorId: actor.id,
    ip: actor.ip ?? null,
    ...entry,
  });

  for (const coin of coins) {
    const code = typeof coin.coin === 'string' ? coin.coin.trim().toUpperCase() : '';
    if (!TOKEN_CODE.test(code)) {
      result.skipped.push(String(coin.coin));
      continue;
    }
    const local: SyncResult = {
      tokensCreated: [],
      tokensUpdated: 0,
      networksCreated: [],
      networksUpdated: 0,
      skipped: [],
    };
    try {
      await db.transaction(async (tx) => {
        let token: TokenRow | null = await repo.lockToken(tx, code);
        const tokenFacts: Partial<NewToken> = {
          isLegalMoney: coin.isLegalMoney === true,
          trading: coin.trading !== false,
          ...balances(coin),
        };
        if (!token) {
          token = await repo.insertToken(tx, {
            code,
            name: text(coin.name, 80) ?? code,
            kind: 'crypto',
            precision: 8,
            enabled: false,
            priceSource: 'manual',
            ...tokenFacts,
            syncedAt: now,
          });
          await writeAudit(
            tx,
            audit({
              action: 'token.synced_created',
              entityType: 'token',
              entityId: token.id,
              after: repo.auditToken(token),
            }),
          );
          local.tokensCreated.push(code);
        } else {
          const change = diff(token as unknown as Record<string, unknown>, tokenFacts);
          const existing = token;
          token = await repo.updateToken(tx, existing.id, { ...tokenFacts, syncedAt: now });
          if (change.changed) {
            await writeAudit(
              tx,
              audit({
                action: 'token.synced_updated',
                entityType: 'token',
                entityId: existing.id,
                before: { tokenCode: code, ...change.before },
                after: { tokenCode: code, ...change.after },
              }),
            );
            local.tokensUpdated += 1;
          }
        }
        const tokenWasNew = local.tokensCreated.at(-1) === code;
        const existingNetworks = await repo.networksOf(tx, token.id);
        const exchangeDefaults = (coin.networkList ?? []).filter((n) => n.isDefault).length;

        for (const n of coin.networkList ?? []) {
          const networkCode = fromExchangeNetwork(String(n.network ?? ''));
          const facts = NETWORK_CODE.test(networkCode) ? networkFacts(n) : null;
          if (!facts) {
            local.skipped.push(`${code}/${String(n.network)}`);
            continue;
          }
          const current: NetworkRow | undefined = existingNetworks.find(
            (row) => row.code === networkCode,
          );
          if (!current) {
            const row = await repo.insertNetwork(tx, {
              tokenId: token.id,
              code: networkCode,
              name: text(n.name, 80) ?? networkCode,
              // A new coin is disabled as a whole; a new network of a token customers already
              // see stays off until an admin enables it.
              enabled: tokenWasNew,
              isDefault: tokenWasNew && exchangeDefaults === 1 && n.isDefault === true,
              depositEnabled: n.depositEnable === true && coin.depositAllEnable !== false,
              withdrawEnabled: n.withdrawEnable === true && coin.withdrawAllEnable !== false,
              tip: text(n.specialTips, 500),
              ...facts,
              syncedAt: now,
            });
            await writeAudit(
              tx,
              audit({
                action: 'network.synced_created',
                entityType: 'network',
                entityId: row.id,
                after: { tokenCode: code, ...repo.auditNetwork(row) },
              }),
            );
            local.networksCreated.push(`${code}/${networkCode}`);
            continue;
          }
          const next: Partial<NewNetwork> = {
            ...facts,
            // Only ever switched off by the exchange; switching back on is the admin's call.
            depositEnabled: current.depositEnabled && n.depositEnable === true,
            withdrawEnabled: current.withdrawEnabled && n.withdrawEnable === true,
          };
          const change = diff(current as unknown as Record<string, unknown>, next);
          await repo.updateNetwork(tx, current.id, { ...next, syncedAt: now });
          if (change.changed) {
            await writeAudit(
              tx,
              audit({
                action: 'network.synced_updated',
                entityType: 'network',
                entityId: current.id,
                before: { tokenCode: code, networkCode, ...change.before },
                after: { tokenCode: code, networkCode, ...change.after },
              }),
            );
            local.networksUpdated += 1;
          }
        }
      });
      result.tokensCreated.push(...local.tokensCreated);
      result.tokensUpdated += local.tokensUpdated;
      result.networksCreated.push(...local.networksCreated);
      result.networksUpdated += local.networksUpdated;
      result.skipped.push(...local.skipped);
    } catch (error) {
      log.warn({ coin: code, err: reasonOf(error) }, 'catalogue sync skipped a coin');
      result.skipped.push(code);
    }
  }
  return result;
}

export interface CatalogueExchangeDeps {
  db: Db;
  exchange: ExchangeClient;
  now: () => Date;
  /** tells the public pricing snapshot that prices, tokens or networks changed */
  invalidate: () => void;
}

/**
 * The catalogue's work with the exchange, the same for the admin's buttons and the jobs: the
 * price refresh and the catalogue sync, each telling the pricing snapshot what changed.
 */
export function createCatalogueExchange({ db, exchange, now, invalidate }: CatalogueExchangeDeps) {
  return {
    /** whether the exchange client has an API key (the sync needs one) */
    signed: exchange.signed,
    async refreshPrices(log?: WarnLogger): Promise<PriceRefreshResult> {
      const result = await refreshExchangePrices(db, exchange, now(), log);
      if (result.updated.length > 0 || result.held.length > 0) invalidate();
      return result;
    },
    async sync(options: Omit<SyncOptions, 'now'> = {}): Promise<SyncResult> {
      const result = await syncCatalogue(db, exchange, { ...options, now: now() });
      invalidate();
      return result;
    },
  };
}

export type CatalogueExchange = ReturnType<typeof createCatalogueExchange>;
