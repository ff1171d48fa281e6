import { isForeignKeyViolation, isUniqueViolation } from '@permuta/db';
import type { Db, NewNetwork, Tx } from '@permuta/db';
import { FEE_RATE_WARNING_BAND, dec, normalize } from '@permuta/contracts';
import type {
  AdminNetwork,
  AdminToken,
  PriceHoldList,
  FeeRule,
  FeeRules,
  NetworkCreate,
  NetworkUpdate,
  PriceHistory,
  TokenCreate,
  TokenUpdate,
} from '@permuta/contracts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import * as repo from './catalogue.repository.ts';
import type { NetworkRow, TokenRow } from './catalogue.repository.ts';
import { isValidDepositAddress, isValidMemo } from './deposit-address.ts';
import * as guard from './price-guard.ts';

/** The admin making the call. */
export interface Actor {
  adminId: string;
  ip: string;
}

export interface CatalogueDeps {
  db: Db;
  now: () => Date;
  /** tells the public pricing snapshot that prices, fees, tokens or networks changed */
  invalidate: () => void;
}

const tokenNotFound = () => notFound('NOT_FOUND');

/** Network values for the database from a create/update input (only the keys given). */
function networkValues(input: NetworkUpdate | NetworkCreate): Partial<NewNetwork> {
  const out: Partial<NewNetwork> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The deposit address and memo checked against the network's format (after the change). */
function checkDeposit(
  networkCode: string,
  merged: {
    depositAddress: string | null;
    depositMemo: string | null;
    addressRegex: string | null;
    memoRegex: string | null;
  },
  field: (name: string) => string = (name) => name,
) {
  if (
    merged.depositAddress &&
    !isValidDepositAddress(networkCode, merged.depositAddress, merged.addressRegex)
  ) {
    throw badRequest(
      'DEPOSIT_ADDRESS_INVALID',
      { network: networkCode },
      { [field('depositAddress')]: 'depositAddress.invalid' },
    );
  }
  if (merged.depositMemo && !isValidMemo(merged.depositMemo, merged.memoRegex)) {
    throw badRequest('VALIDATION_ERROR', {}, { [field('depositMemo')]: 'depositMemo.invalid' });
  }
}

/**
 * The back office's catalogue: tokens and networks, manual prices and price sources, fee rules.
 * Every change writes its audit entry (before and after) in the same transaction and then tells
 * the pricing snapshot, so the public catalogue and quotes see it at once.
 */
export function createCatalogueService(deps: CatalogueDeps) {
  const { db, now } = deps;

  async function requireToken(dbOrTx: Db | Tx, code: string): Promise<TokenRow> {
    const token = await repo.findToken(dbOrTx, code);
    if (!token) throw tokenNotFound();
    return token;
  }

  async function requireNetwork(dbOrTx: Db | Tx, token: TokenRow, code: string) {
    const network = await repo.findNetwork(dbOrTx, token.id, code);
    if (!network) throw notFound('NETWORK_NOT_FOUND', { network: code, token: token.code });
    return network;
  }

  async function changed<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    deps.invalidate();
    return result;
  }

  return {
    listTokens(): Promise<AdminToken[]> {
      return repo.listTokens(db);
    },

    async tokenDetail(code: string): Promise<AdminToken> {
      return repo.tokenDetail(db, await requireToken(db, code));
    },

    async createToken(actor: Actor, input: TokenCreate): Promise<AdminToken> {
      input.networks.forEach((network, index) =>
        checkDeposit(network.code, network, (name) => `networks.${index}.${name}`),
      );
      try {
        return await changed(() =>
          db.transaction(async (tx) => {
            const token = await repo.insertToken(tx, {
              code: input.code,
              name: input.name,
              kind: input.kind,
              precision: input.precision,
              enabled: input.enabled,
              isLegalMoney: input.isLegalMoney,
              trading: input.trading,
              sortOrder: input.sortOrder,
              priceSource: input.priceSource,
              exchangeSymbol: input.exchangeSymbol,
            });
            for (const network of input.networks) {
              await repo.insertNetwork(tx, {
                ...networkValues(network),
                code: network.code,
                name: network.name,
                tokenId: token.id,
              });
            }
            if (input.priceBrl) {
              await repo.insertPrice(tx, {
                tokenId: token.id,
                priceBrl: input.priceBrl,
                source: 'manual',
                createdAt: now(),
              });
            }
            const detail = await repo.tokenDetail(tx, token);
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: actor.adminId,
              action: 'token.created',
              entityType: 'token',
              entityId: token.id,
              ip: actor.ip,
              after: repo.auditToken(detail),
            });
            return detail;
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('TOKEN_EXISTS', 409, { token: input.code }, { code: 'token.exists' });
        }
        throw error;
      }
    },

    async updateToken(actor: Actor, code: string, input: TokenUpdate): Promise<AdminToken> {
      try {
        return await changed(() =>
          db.transaction(async (tx) => {
            const before = await repo.lockToken(tx, code);
            if (!before) throw tokenNotFound();
            const values = Object.fromEntries(
              Object.entries(input).filter(([, value]) => value !== undefined),
            );
            const after =
              Object.keys(values).length > 0
                ? await repo.updateToken(tx, before.id, values)
                : before;
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: actor.adminId,
              action: 'token.updated',
              entityType: 'token',
              entityId: before.id,
              ip: actor.ip,
              before: repo.auditToken(before),
              after: repo.auditToken(after),
            });
            return repo.tokenDetail(tx, after);
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(
            'TOKEN_EXISTS',
            409,
            { token: input.code ?? code },
            { code: 'token.exists' },
          );
        }
        if (isForeignKeyViolation(error)) throw new AppError('TOKEN_IN_USE', 409, { token: code });
        throw error;
      }
    },

    setTokenEnabled(actor: Actor, code: string, enabled: boolean): Promise<AdminToken> {
      return changed(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockToken(tx, code);
          if (!before) throw tokenNotFound();
          const after = await repo.updateToken(tx, before.id, { enabled });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: enabled ? 'token.enabled' : 'token.disabled',
            entityType: 'token',
            entityId: before.id,
            ip: actor.ip,
            before: { tokenCode: before.code, enabled: before.enabled },
            after: { tokenCode: after.code, enabled: after.enabled },
          });
          return repo.tokenDetail(tx, after);
        }),
      );
    },

    async addNetwork(actor: Actor, code: string, input: NetworkCreate): Promise<AdminNetwork> {
      checkDeposit(input.code, input);
      try {
        return await changed(() =>
          db.transaction(async (tx) => {
            const token = await repo.lockToken(tx, code);
            if (!token) throw tokenNotFound();
            if (input.isDefault) await repo.clearOtherDefaults(tx, token.id, null);
            const row = await repo.insertNetwork(tx, {
              ...networkValues(input),
              code: input.code,
              name: input.name,
              tokenId: token.id,
            });
            const after = repo.toAdminNetwork(row);
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: actor.adminId,
              action: 'network.created',
              entityType: 'network',
              entityId: row.id,
              ip: actor.ip,
              after: { tokenCode: token.code, ...repo.auditNetwork(after) },
            });
            return after;
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(
            'NETWORK_EXISTS',
            409,
            { token: code, network: input.code },
            { code: 'network.exists' },
          );
        }
        throw error;
      }
    },

    updateNetwork(
      actor: Actor,
      code: string,
      networkCode: string,
      input: NetworkUpdate,
    ): Promise<AdminNetwork> {
      return changed(() =>
        db.transaction(async (tx) => {
          const token = await repo.lockToken(tx, code);
          if (!token) throw tokenNotFound();
          const before = await requireNetwork(tx, token, networkCode);
          const values = networkValues(input);
          const merged = { ...before, ...values } as NetworkRow;
          if (merged.withdrawMax !== null && dec(merged.withdrawMax).lt(merged.withdrawMin)) {
            throw badRequest('VALIDATION_ERROR', {}, { withdrawMax: 'withdrawMax.belowMin' });
          }
          if ('depositAddress' in values || 'depositMemo' in values || 'addressRegex' in values) {
            checkDeposit(before.code, merged);
          }
          if (values.isDefault) await repo.clearOtherDefaults(tx, token.id, before.id);
          const row =
            Object.keys(values).length > 0
              ? await repo.updateNetwork(tx, before.id, values)
              : before;
          const after = repo.toAdminNetwork(row);
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'network.updated',
            entityType: 'network',
            entityId: before.id,
            ip: actor.ip,
            before: { tokenCode: token.code, ...repo.auditNetwork(repo.toAdminNetwork(before)) },
            after: { tokenCode: token.code, ...repo.auditNetwork(after) },
          });
          return after;
        }),
      );
    },

    setNetworkEnabled(
      actor: Actor,
      code: string,
      networkCode: string,
      enabled: boolean,
    ): Promise<AdminNetwork> {
      return changed(() =>
        db.transaction(async (tx) => {
          const token = await repo.lockToken(tx, code);
          if (!token) throw tokenNotFound();
          const before = await requireNetwork(tx, token, networkCode);
          const row = await repo.updateNetwork(tx, before.id, { enabled });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: enabled ? 'network.enabled' : 'network.disabled',
            entityType: 'network',
            entityId: before.id,
            ip: actor.ip,
            before: { tokenCode: token.code, networkCode: before.code, enabled: before.enabled },
            after: { tokenCode: token.code, networkCode: row.code, enabled: row.enabled },
          });
          return repo.toAdminNetwork(row);
        }),
      );
    },

    // --- prices ---------------------------------------------------------------------------

    /**
     * Appends a manual price; the token's source becomes manual (the admin takes over) and a
     * held feed price is dropped. A change beyond the settings' manualPriceConfirmPercent from
     * the current price is refused with 409 PRICE_CHANGE_UNCONFIRMED (its params are what the
     * confirming step shows) unless `confirm` is true.
     */
    setManualPrice(
      actor: Actor,
      code: string,
      priceBrl: string,
      confirm = false,
    ): Promise<AdminToken> {
      return changed(() =>
        db.transaction(async (tx) => {
          const token = await repo.lockToken(tx, code);
          if (!token) throw tokenNotFound();
          const previous = (await repo.latestPrices(tx, [token.id])).get(token.id) ?? null;
          const { manualConfirmPercent } = await guard.priceGuardSettings(tx);
          const bigChange =
            previous !== null && guard.beyond(previous.priceBrl, priceBrl, manualConfirmPercent);
          if (bigChange && !confirm) {
            throw new AppError(
              'PRICE_CHANGE_UNCONFIRMED',
              409,
              guard.priceChangeCheck(token, previous.priceBrl, priceBrl, manualConfirmPercent),
            );
          }
          const hold = await guard.lockHold(tx, token.id);
          if (hold) await guard.deleteHold(tx, token.id);
          const updated =
            token.priceSource === 'manual'
              ? token
              : await repo.updateToken(tx, token.id, { priceSource: 'manual' });
          // The new row must be the latest even if the clock is behind the last row's time.
          const after = previous ? new Date(previous.createdAt).getTime() + 1 : 0;
          const row = await repo.insertPrice(tx, {
            tokenId: token.id,
            priceBrl: normalize(priceBrl),
            source: 'manual',
            createdAt: new Date(Math.max(now().getTime(), after)),
          });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'price.set',
            entityType: 'token',
            entityId: token.id,
            ip: actor.ip,
            before: {
              tokenCode: token.code,
              priceSource: token.priceSource,
              price: previous,
              ...(hold ? { heldPrice: guard.auditHold(hold) } : {}),
            },
            after: {
              tokenCode: token.code,
              priceSource: 'manual',
              price: { priceBrl: normalize(row.priceBrl), source: 'manual' },
              ...(bigChange
                ? {
                    confirmed: true,
                    changePercent: guard.changePercent(previous.priceBrl, row.priceBrl),
                  }
                : {}),
            },
          });
          return repo.tokenDetail(tx, updated);
        }),
      );
    },

    setPriceSource(
      actor: Actor,
      code: string,
      source: 'manual' | 'exchange',
      exchangeSymbol: string | null,
    ): Promise<AdminToken> {
      return changed(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockToken(tx, code);
          if (!before) throw tokenNotFound();
          // Priced by hand now: a held feed price no longer has anything to wait for.
          const hold = source === 'manual' ? await guard.lockHold(tx, before.id) : null;
          if (hold) await guard.deleteHold(tx, before.id);
          const after = await repo.updateToken(tx, before.id, {
            priceSource: source,
            // Switching to manual keeps the symbol for a later switch back.
            exchangeSymbol: exchangeSymbol ?? before.exchangeSymbol,
          });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'price.source_changed',
            entityType: 'token',
            entityId: before.id,
            ip: actor.ip,
            before: {
              tokenCode: before.code,
              priceSource: before.priceSource,
              exchangeSymbol: before.exchangeSymbol,
              ...(hold ? { heldPrice: guard.auditHold(hold) } : {}),
            },
            after: {
              tokenCode: after.code,
              priceSource: after.priceSource,
              exchangeSymbol: after.exchangeSymbol,
            },
          });
          return repo.tokenDetail(tx, after);
        }),
      );
    },

    // --- held feed prices ------------------------------------------------------------------

    priceHolds(): Promise<PriceHoldList> {
      return guard.listHolds(db).then((items) => ({ items }));
    },

    /**
     * Applies the held feed price the admin saw (`priceBrl`): appended as the token's exchange
     * price, the hold dropped, quotes resume. A hold that is gone or moved since is a 409.
     */
    acceptHeldPrice(actor: Actor, code: string, priceBrl: string): Promise<PriceHoldList> {
      return changed(() =>
        db.transaction(async (tx) => {
          const token = await repo.lockToken(tx, code);
          if (!token) throw tokenNotFound();
          const hold = await guard.lockHold(tx, token.id);
          if (!hold || !dec(hold.priceBrl).eq(priceBrl)) {
            throw new AppError('PRICE_HOLD_GONE', 409, { token: token.code });
          }
          const previous = (await repo.latestPrices(tx, [token.id])).get(token.id) ?? null;
          await guard.deleteHold(tx, token.id);
          const after = previous ? new Date(previous.createdAt).getTime() + 1 : 0;
          const row = await repo.insertPrice(tx, {
            tokenId: token.id,
            priceBrl: normalize(hold.priceBrl),
            source: 'exchange',
            createdAt: new Date(Math.max(now().getTime(), after)),
          });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'price.hold_accepted',
            entityType: 'token',
            entityId: token.id,
            ip: actor.ip,
            before: { tokenCode: token.code, price: previous, heldPrice: guard.auditHold(hold) },
            after: {
              tokenCode: token.code,
              price: { priceBrl: normalize(row.priceBrl), source: 'exchange' },
              heldPrice: null,
            },
          });
          return { items: await guard.listHolds(tx) };
        }),
      );
    },

    /** Drops the held feed price: the accepted price stays (quotes resume while it is fresh). */
    rejectHeldPrice(actor: Actor, code: string): Promise<PriceHoldList> {
      return changed(() =>
        db.transaction(async (tx) => {
          const token = await repo.lockToken(tx, code);
          if (!token) throw tokenNotFound();
          const hold = await guard.lockHold(tx, token.id);
          if (!hold) throw new AppError('PRICE_HOLD_GONE', 409, { token: token.code });
          const previous = (await repo.latestPrices(tx, [token.id])).get(token.id) ?? null;
          await guard.deleteHold(tx, token.id);
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'price.hold_rejected',
            entityType: 'token',
            entityId: token.id,
            ip: actor.ip,
            before: { tokenCode: token.code, price: previous, heldPrice: guard.auditHold(hold) },
            after: { tokenCode: token.code, price: previous, heldPrice: null },
          });
          return { items: await guard.listHolds(tx) };
        }),
      );
    },

    async priceHistory(code: string, page: number, pageSize: number): Promise<PriceHistory> {
      const token = await requireToken(db, code);
      const { items, total } = await repo.priceHistory(db, token.id, page, pageSize);
      return { items, total, page, pageSize };
    },

    // --- fee rules ------------------------------------------------------------------------

    async feeRules(): Promise<FeeRules> {
      const { general, pairs } = await repo.listFeeRules(db);
      return {
        general: general
          ? { rate: normalize(general.rate), updatedAt: general.updatedAt.toISOString() }
          : null,
        pairs,
        band: { ...FEE_RATE_WARNING_BAND },
      };
    },

    async setGeneralFee(actor: Actor, rate: string): Promise<FeeRules> {
      await changed(() =>
        db.transaction(async (tx) => {
          const before = await repo.lockGeneralFeeRule(tx);
          const after = before
            ? await repo.updateFeeRuleRate(tx, before.id, rate)
            : await repo.insertFeeRule(tx, { sendTokenId: null, receiveTokenId: null, rate });
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'fee_rule.general_set',
            entityType: 'fee_rule',
            entityId: after?.id ?? null,
            ip: actor.ip,
            before: before ? { rate: normalize(before.rate) } : null,
            after: { rate: normalize(rate) },
          });
        }),
      );
      return this.feeRules();
    },

    async createFeeRule(
      actor: Actor,
      input: { send: string; receive: string; rate: string },
    ): Promise<FeeRule> {
      const ids = await repo.tokenIdsByCode(db, [input.send, input.receive]);
      const sendId = ids.get(input.send);
      const receiveId = ids.get(input.receive);
      if (!sendId || !receiveId) {
        throw badRequest(
          'TOKEN_NOT_FOUND',
          { token: !sendId ? input.send : input.receive },
          !sendId ? { send: 'token.required' } : { receive: 'token.required' },
        );
      }
      try {
        return await changed(() =>
          db.transaction(async (tx) => {
            const row = await repo.insertFeeRule(tx, {
              sendTokenId: sendId,
              receiveTokenId: receiveId,
              rate: input.rate,
            });
            const rule: FeeRule = {
              id: row.id,
              send: input.send,
              receive: input.receive,
              rate: normalize(row.rate),
              updatedAt: row.updatedAt.toISOString(),
            };
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: actor.adminId,
              action: 'fee_rule.created',
              entityType: 'fee_rule',
              entityId: row.id,
              ip: actor.ip,
              after: rule,
            });
            return rule;
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(
            'FEE_RULE_EXISTS',
            409,
            { send: input.send, receive: input.receive },
            { receive: 'feeRule.exists' },
          );
        }
        throw error;
      }
    },

    updateFeeRule(actor: Actor, id: string, rate: string): Promise<FeeRule> {
      return changed(() =>
        db.transaction(async (tx) => {
          const before = await repo.findFeeRule(tx, id);
          if (!before) throw notFound();
          const row = await repo.updateFeeRuleRate(tx, id, rate);
          if (!row) throw notFound();
          const after: FeeRule = {
            ...before,
            rate: normalize(row.rate),
            updatedAt: row.updatedAt.toISOString(),
          };
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'fee_rule.updated',
            entityType: 'fee_rule',
            entityId: id,
            ip: actor.ip,
            before,
            after,
          });
          return after;
        }),
      );
    },

    deleteFeeRule(actor: Actor, id: string): Promise<void> {
      return changed(() =>
        db.transaction(async (tx) => {
          const before = await repo.findFeeRule(tx, id);
          if (!before || !(await repo.deleteFeeRule(tx, id))) throw notFound();
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'fee_rule.deleted',
            entityType: 'fee_rule',
            entityId: id,
            ip: actor.ip,
            before,
          });
        }),
      );
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
