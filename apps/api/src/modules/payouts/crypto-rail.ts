import { automaticPayoutApplies, normalize } from '@permuta/contracts';
import type { Db, Settings, Tx } from '@permuta/db';
import {
  ExchangeNotConfiguredError,
  ExchangeRejectedError,
  WITHDRAW_STATUS,
  isExchangeError,
  toExchangeNetwork,
} from '../../adapters/exchange/exchange.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';
import { readSettings } from '../orders/orders.repository.ts';
import type { OrderDetailRow } from '../orders/orders.repository.ts';
import { quoted } from './rails.ts';
import type { PayoutRail, RailApply, RailLookup } from './rails.ts';
import {
  FAILED_STATUSES,
  MAX_WITHDRAWALS,
  STATUS_NAMES,
  lookUpWithdrawal,
  reasonOf,
} from './withdrawals.ts';

/** The exchange's answer to a second apply with a withdrawOrderId it already has. */
export const DUPLICATE_WITHDRAW_ORDER_ID = -4013;
/**
 * The exchange's refusal of a signed request that reached it outside its recvWindow (a slow
 * network, a busy host, a clock drifting): the request was not processed, so it is tried again.
 */
export const OUTSIDE_RECV_WINDOW = -1021;

/** Whether an automatic crypto payout runs for an order (contracts' rule, as the view). */
export function cryptoPayoutApplies(
  settings: Pick<Settings, 'autoCryptoPayouts'>,
  detail: Pick<OrderDetailRow, 'receive' | 'network'>,
): boolean {
  return automaticPayoutApplies({
    autoCryptoPayouts: settings.autoCryptoPayouts,
    receiveKind: detail.receive.kind,
    withdrawEnabled: detail.network?.withdrawEnabled ?? null,
  });
}

/**
 * Crypto paid out through the exchange (decision 008): a withdrawal whose withdrawOrderId is
 * the order id (then `<id>-2`... after one failed there), looked up in the exchange's history.
 */
export function createCryptoRail(exchange: ExchangeClient): PayoutRail {
  return {
    kind: 'crypto',
    provider: 'the exchange',

    async applies(db: Db | Tx, detail) {
      return cryptoPayoutApplies(await readSettings(db), detail);
    },

    async lookUp(detail): Promise<RailLookup> {
      const { order } = detail;
      let found;
      try {
        found = await lookUpWithdrawal(exchange, order.id, order.withdrawId);
      } catch (error) {
        if (error instanceof ExchangeNotConfiguredError) {
          return {
            kind: 'unavailable',
            reason: reasonOf(error),
            failure: { code: 'exchange_not_configured', params: {} },
          };
        }
        if (!isExchangeError(error)) throw error;
        return { kind: 'unavailable', reason: reasonOf(error) };
      }
      switch (found.kind) {
        case 'none':
          return { kind: 'none', next: found.withdrawOrderId };
        case 'exhausted':
          return {
            kind: 'stop',
            reason: `${MAX_WITHDRAWALS} withdrawals failed`,
            failure: { code: 'too_many_withdrawals', params: { withdrawals: MAX_WITHDRAWALS } },
            live: false,
          };
        case 'found': {
          const { record } = found;
          const details = {
            withdrawOrderId: record.withdrawOrderId ?? null,
            withdrawId: record.id,
            exchangeStatus: record.status,
          };
          const failed = FAILED_STATUSES.get(record.status);
          if (failed) {
            return {
              kind: 'found',
              state: 'failed',
              providerId: record.id,
              receipt: null,
              reason: failed,
              details,
              failure: {
                code: 'withdrawal_failed',
                params: {
                  withdrawId: quoted(record.id),
                  outcome: failed,
                  info: record.info ? quoted(record.info) : null,
                },
              },
            };
          }
          if (record.status === WITHDRAW_STATUS.completed) {
            return {
              kind: 'found',
              state: 'done',
              providerId: record.id,
              receipt: record.txId ?? null,
              reason: 'completed',
              details,
            };
          }
          const status = STATUS_NAMES[record.status] ?? `status ${record.status}`;
          return {
            kind: 'found',
            state: 'pending',
            providerId: record.id,
            receipt: null,
            reason: status,
            details,
          };
        }
      }
    },

    async precheck(detail) {
      if (!detail.network) return { kind: 'fail', failure: { code: 'no_network', params: {} } };
      return { kind: 'ok' };
    },

    async apply(detail, next): Promise<RailApply> {
      const { order, network } = detail;
      const withdrawOrderId = next ?? order.id;
      const request = {
        withdrawOrderId,
        coin: detail.receive.code,
        network: toExchangeNetwork(network!.code),
        address: order.addressToReceive,
        addressTag: order.memoToReceive ?? undefined,
        amount: normalize(order.amountReceive),
      };
      try {
        const applied = await exchange.withdrawApply(request);
        return { kind: 'applied', providerId: applied.id, details: { ...request } };
      } catch (error) {
        if (error instanceof ExchangeRejectedError) {
          if (error.code === DUPLICATE_WITHDRAW_ORDER_ID) {
            // It is there after all (the history had not shown it yet): follow it next time.
            return {
              kind: 'later',
              reason: `the exchange already has withdrawal ${withdrawOrderId}`,
            };
          }
          if (error.code === OUTSIDE_RECV_WINDOW) {
            return { kind: 'later', reason: `the exchange refused the request's timestamp` };
          }
          return {
            kind: 'refused',
            failure: {
              code: 'exchange_refused',
              params: { message: quoted(error.msg), exchangeCode: error.code },
            },
          };
        }
        if (error instanceof ExchangeNotConfiguredError) {
          return { kind: 'refused', failure: { code: 'exchange_not_configured', params: {} } };
        }
        if (isExchangeError(error)) {
          // Timeout or dropped connection: the exchange may have applied it. Look it up next time.
          return {
            kind: 'unknown',
            reason: `outcome of withdrawal ${withdrawOrderId} unknown: ${reasonOf(error)}`,
          };
        }
        throw error;
      }
    },
  };
}
