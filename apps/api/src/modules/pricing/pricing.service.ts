import {
  dec,
  exceedsPrecision,
  normalize,
  quoteForReceive,
  quoteForSend,
  receiveLimits,
  SETTINGS_DEFAULTS,
  unitOf,
} from '@permuta/contracts';
import type {
  CatalogueResponse,
  PublicToken,
  QuoteMathInput,
  QuoteResponse,
} from '@permuta/contracts';
import type { z } from 'zod';
import type { quoteRequestSchema } from '@permuta/contracts';
import { badRequest, unavailable, unprocessable } from '../../lib/app-error.ts';
import type { PricingSnapshot, SnapshotNetwork, SnapshotToken } from './pricing.repository.ts';

export type QuoteInput = z.output<typeof quoteRequestSchema>;

type SnapshotPrice = NonNullable<SnapshotToken['price']>;
/** A quote as one snapshot answers it, but for the moment it is given (`quotedAt`). */
type QuoteOfSnapshot = Omit<QuoteResponse, 'quotedAt'>;

export interface PricingServiceDeps {
  loadSnapshot: () => Promise<PricingSnapshot>;
  now?: () => Date;
  /** how long a snapshot of prices and fees is reused; 0 disables the cache */
  cacheMs?: number;
}

/**
 * The public catalogue and quotes (PRODUCT.md section 2). Prices and fee rules are read from a
 * snapshot reused for `cacheMs` (one load at a time), so the calculator's keystrokes cost no
 * database round trip; an order (later) re-reads inside its transaction.
 */
export function createPricingService(deps: PricingServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? 2000;
  let cached: { snapshot: PricingSnapshot; expires: number } | null = null;
  let loading: Promise<PricingSnapshot> | null = null;
  // A load that began before an invalidation (e.g. a settings change) must not be kept.
  let generation = 0;

  async function snapshot(): Promise<PricingSnapshot> {
    const at = Date.now();
    if (cached && cached.expires > at) return cached.snapshot;
    if (loading) return loading;
    const started = generation;
    const load = deps
      .loadSnapshot()
      .then((fresh) => {
        if (started === generation) cached = { snapshot: fresh, expires: Date.now() + cacheMs };
        return fresh;
      })
      .finally(() => {
        if (loading === load) loading = null;
      });
    loading = load;
    return load;
  }

  function isStale(token: SnapshotToken, snap: PricingSnapshot): boolean {
    if (!token.price || token.held) return true;
    // Manual prices are typed by an admin and hold until changed; feeds must be fresh.
    if (token.price.source === 'manual') return false;
    const limitMs =
      (snap.settings?.priceStaleMinutes ?? SETTINGS_DEFAULTS.priceStaleMinutes) * 60_000;
    return now().getTime() - token.price.at.getTime() > limitMs;
  }

  function feePercent(send: SnapshotToken, receive: SnapshotToken, snap: PricingSnapshot): string {
    const pair = snap.feeRules.find(
      (r) => r.sendTokenId === send.id && r.receiveTokenId === receive.id,
    );
    const general = snap.feeRules.find((r) => r.sendTokenId === null && r.receiveTokenId === null);
    const rule = pair ?? general;
    if (!rule) throw unavailable('SERVICE_UNAVAILABLE');
    return normalize(rule.rate);
  }

  function pickNetwork(token: SnapshotToken, requested: string | undefined): SnapshotNetwork {
    if (requested) {
      const found = token.networks.find((n) => n.code === requested);
      if (!found) {
        throw badRequest(
          'NETWORK_NOT_FOUND',
          { network: requested, token: token.code },
          {
            network: 'network.required',
          },
        );
      }
      return found;
    }
    const only = token.networks.length === 1 ? token.networks[0] : undefined;
    const chosen = only ?? token.networks.find((n) => n.isDefault);
    if (!chosen)
      throw badRequest('NETWORK_REQUIRED', { token: token.code }, { network: 'network.required' });
    return chosen;
  }

  function findToken(
    snap: PricingSnapshot,
    code: string,
    field: 'send' | 'receive',
  ): SnapshotToken {
    const token = snap.tokens.find((t) => t.code === code);
    if (!token) throw badRequest('TOKEN_NOT_FOUND', { token: code }, { [field]: 'token.required' });
    return token;
  }

  function requirePrice(token: SnapshotToken, snap: PricingSnapshot) {
    // A held feed price (a jump beyond the settings' hold percentage) pauses the token's quotes
    // until an admin accepts or rejects it.
    if (!token.price || token.held) throw unprocessable('PRICE_UNAVAILABLE', { token: token.code });
    if (isStale(token, snap)) throw unprocessable('PRICE_STALE', { token: token.code });
    return token.price;
  }

  /**
   * The amounts, fee, limits and prices of a quote whose tokens, network and prices were
   * checked: the part worth keeping per snapshot. Throws the amount's errors (precision, too
   * small, limits).
   */
  function arithmetic(
    snap: PricingSnapshot,
    input: QuoteInput,
    send: SnapshotToken,
    receive: SnapshotToken,
    network: SnapshotNetwork | null,
    price: { send: SnapshotPrice; receive: SnapshotPrice },
  ): QuoteOfSnapshot {
    const typed = input.side === 'send' ? send : receive;
    if (exceedsPrecision(input.amount, typed.precision)) {
      throw badRequest(
        'AMOUNT_PRECISION',
        { token: typed.code, precision: typed.precision },
        {
          amount: 'amount.invalid',
        },
      );
    }

    const networkFee = receive.kind === 'crypto' && network ? network.withdrawFee : '0';
    const math = {
      send: { precision: send.precision, priceBrl: price.send.brl },
      receive: { precision: receive.precision, priceBrl: price.receive.brl },
      feePercent: feePercent(send, receive, snap),
      networkFee,
    };
    const amounts =
      input.side === 'send'
        ? quoteForSend(input.amount, math)
        : quoteForReceive(input.amount, math);

    const limits = receiveLimits(
      receive.kind,
      receive.kind === 'crypto' ? network : null,
      snap.settings,
    );
    const unit = unitOf(receive);
    if (dec(amounts.amountReceive).lte(0)) throw unprocessable('AMOUNT_TOO_SMALL');
    if (limits.min !== null && dec(amounts.amountReceive).lt(limits.min)) {
      throw unprocessable('AMOUNT_BELOW_MINIMUM', { min: normalize(limits.min), token: unit });
    }
    if (limits.max !== null && dec(amounts.amountReceive).gt(limits.max)) {
      throw unprocessable('AMOUNT_ABOVE_MAXIMUM', { max: normalize(limits.max), token: unit });
    }

    return {
      send: send.code,
      receive: receive.code,
      network: network?.code ?? null,
      side: input.side,
      ...amounts,
      feePercent: math.feePercent,
      limits: {
        min: limits.min === null ? null : normalize(limits.min),
        max: limits.max === null ? null : normalize(limits.max),
        token: unit,
      },
      prices: {
        sendBrl: normalize(price.send.brl),
        receiveBrl: normalize(price.receive.brl),
        sendAt: price.send.at.toISOString(),
        receiveAt: price.receive.at.toISOString(),
      },
      lockMinutes: snap.settings?.quoteLockMinutes ?? SETTINGS_DEFAULTS.quoteLockMinutes,
    };
  }

  /** The quote of the current snapshot for an input: tokens, network, prices, then arithmetic. */
  async function ofSnapshot(input: QuoteInput): Promise<QuoteOfSnapshot> {
    const snap = await snapshot();
    if (input.send === input.receive) {
      throw badRequest('SAME_TOKEN', {}, { receive: 'field.invalid' });
    }
    const send = findToken(snap, input.send, 'send');
    const receive = findToken(snap, input.receive, 'receive');

    // The network named is the crypto side's: the token received when it is crypto (payout),
    // else the token sent (deposit).
    let network: SnapshotNetwork | null = null;
    if (receive.kind === 'crypto') {
      network = pickNetwork(receive, input.network);
      if (!network.withdrawEnabled) {
        throw unprocessable('WITHDRAW_DISABLED', { token: receive.code, network: network.code });
      }
    } else if (send.kind === 'crypto') {
      network = pickNetwork(send, input.network);
      if (!network.depositEnabled) {
        throw unprocessable('DEPOSIT_DISABLED', { token: send.code, network: network.code });
      }
    }

    const sendPrice = requirePrice(send, snap);
    const receivePrice = requirePrice(receive, snap);
    return arithmetic(snap, input, send, receive, network, {
      send: sendPrice,
      receive: receivePrice,
    });
  }

  return {
    invalidate() {
      generation += 1;
      cached = null;
      loading = null;
    },

    async catalogue(): Promise<CatalogueResponse> {
      const snap = await snapshot();
      const tokens: PublicToken[] = snap.tokens.map((token) => {
        const limits =
          token.kind === 'crypto'
            ? { min: null, max: null }
            : receiveLimits(token.kind, null, snap.settings);
        return {
          code: token.code,
          name: token.name,
          kind: token.kind,
          precision: token.precision,
          priceBrl: token.price ? normalize(token.price.brl) : null,
          priceUpdatedAt: token.price ? token.price.at.toISOString() : null,
          quotable: !isStale(token, snap),
          receiveMin: limits.min === null ? null : normalize(limits.min),
          receiveMax: limits.max === null ? null : normalize(limits.max),
          networks: token.networks.map((n) => ({
            ...n,
            withdrawFee: normalize(n.withdrawFee),
            withdrawMin: normalize(n.withdrawMin),
            withdrawMax: n.withdrawMax === null ? null : normalize(n.withdrawMax),
          })),
        };
      });
      const phone = snap.settings?.supportPhone?.replace(/\D/g, '') || null;
      return {
        tokens,
        defaults: {
          send: snap.settings?.defaultSendToken ?? null,
          receive: snap.settings?.defaultReceiveToken ?? null,
        },
        whatsapp: {
          thresholdBrl: normalize(
            snap.settings?.whatsappThresholdBrl ?? SETTINGS_DEFAULTS.whatsappThresholdBrl,
          ),
          phone,
        },
      };
    },

    async quote(input: QuoteInput): Promise<QuoteResponse> {
      return { ...(await ofSnapshot(input)), quotedAt: now().toISOString() };
    },

    /**
     * Every direction a quote would answer now, with the very inputs of its arithmetic: both
     * tokens priced and fresh, the crypto side's network open for the deposit or the payout, a
     * fee rule. For the public rates feed (modules/rates), which must never price otherwise.
     */
    async directions(): Promise<QuoteDirection[]> {
      const snap = await snapshot();
      const found: QuoteDirection[] = [];
      for (const send of snap.tokens) {
        for (const receive of snap.tokens) {
          if (send.id === receive.id || isStale(send, snap) || isStale(receive, snap)) continue;
          const cryptoSide =
            receive.kind === 'crypto' ? receive : send.kind === 'crypto' ? send : null;
          const open = cryptoSide
            ? cryptoSide.networks.filter((n) =>
                cryptoSide === receive ? n.withdrawEnabled : n.depositEnabled,
              )
            : [null];
          for (const network of open) {
            let math: QuoteMathInput;
            try {
              math = {
                send: { precision: send.precision, priceBrl: send.price!.brl },
                receive: { precision: receive.precision, priceBrl: receive.price!.brl },
                feePercent: feePercent(send, receive, snap),
                networkFee: receive.kind === 'crypto' && network ? network.withdrawFee : '0',
              };
            } catch {
              continue; // no fee rule: no quote either
            }
            const limits = receiveLimits(
              receive.kind,
              receive.kind === 'crypto' ? network : null,
              snap.settings,
            );
            found.push({ send, receive, network, math, limits });
          }
        }
      }
      return found;
    },
  };
}

/** A direction quotes answer now (PricingService.directions). */
export interface QuoteDirection {
  send: SnapshotToken;
  receive: SnapshotToken;
  /** the crypto side's network (the payout's when the token received is crypto) */
  network: SnapshotNetwork | null;
  /** what quoteForSend / quoteForReceive are given for this direction */
  math: QuoteMathInput;
  /** limits of the amount received */
  limits: { min: string | null; max: string | null };
}

export type PricingService = ReturnType<typeof createPricingService>;
