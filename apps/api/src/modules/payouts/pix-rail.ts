import { automaticPayoutApplies, dec } from '@permuta/contracts';
import type { PayoutError } from '@permuta/contracts';
import { eq } from 'drizzle-orm';
import { integrations } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import {
  PixNotConfiguredError,
  PixRejectedError,
  isOutcomeUnknown,
  isPixPspError,
  sendIdForOrder,
} from '../../adapters/pix/pix-psp.ts';
import type { PixSender, SentPix } from '../../adapters/pix/pix-psp.ts';
import { readSettings } from '../orders/orders.repository.ts';
import type { OrderDetailRow } from '../orders/orders.repository.ts';
import { quoted } from './rails.ts';
import type { PayoutRail, RailApply, RailCheck, RailLookup } from './rails.ts';

/**
 * PIX paid out through the PSP (decision 044): Efí's `PUT /v2/gn/pix/:idEnvio` with
 * `sendIdForOrder(orderId)` as idEnvio, to the customer's PIX key (the order's
 * addressToReceive) with the customer's CPF as `favorecido.cpf`, so that the PSP refuses a key
 * held by anyone else. The idEnvio is the idempotency key: the PSP never makes two sends under one
 * id (a second PUT is refused 409 and the client answers the first send), so after a lost answer
 * the look-up (`GET /v2/gn/pix/enviados/id-envio/:idEnvio`) and, when it shows nothing, a send
 * again with the same id can never pay twice.
 *
 * The look-up: nothing → none (send with the order's idEnvio); EM_PROCESSAMENTO → pending;
 * REALIZADO → done, the endToEndId as the receipt; NAO_REALIZADO → failed (no money moved; the
 * idEnvio is spent, so the admin pays by hand or refunds).
 */

export interface PixRailDeps {
  /** the PSP's sender and our PIX key as configured now; null when they are not */
  client: () => Promise<{ sender: PixSender; payerKey: string } | null>;
  /** shown to the customer with the order's reference (infoPagador) */
  brandName?: string;
}

/** The PIX integration's payouts switch as stored, and whether the platform has a PIX key. */
export async function pixPayoutsOn(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ payouts: integrations.payoutsEnabled })
    .from(integrations)
    .where(eq(integrations.provider, 'pix'));
  if (!row?.payouts) return false;
  const settings = await readSettings(db);
  return Boolean(settings.pixKey);
}

const NOT_CONFIGURED: PayoutError = { code: 'pix_not_configured', params: {} };
const NO_CPF: PayoutError = { code: 'pix_no_cpf', params: {} };

/**
 * A refusal of the PSP because `favorecido.cpf` is not the document holding the key: Efí's 400
 * `chave_nao_pertence_ao_documento` (decision 037), or a violation naming `favorecido.cpf`.
 */
function isHolderMismatch(error: PixRejectedError): boolean {
  if (/nao_pertence_ao_documento/i.test(error.code)) return true;
  return error.violations.some((v) => /favorecido\.cpf/i.test(v.propriedade ?? ''));
}

function refusalOf(detail: OrderDetailRow, error: PixRejectedError): PayoutError {
  const key = quoted(detail.order.addressToReceive);
  const message = quoted(error.detail ?? error.title);
  if (isHolderMismatch(error)) return { code: 'pix_holder_mismatch', params: { key, message } };
  return { code: 'pix_refused', params: { key, message, pspCode: error.code.slice(0, 100) } };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The CPF as the PSP takes it: its 11 digits (null when the customer has none). */
function cpfOf(detail: OrderDetailRow): string | null {
  const digits = (detail.customer.cpf ?? '').replace(/\D/g, '');
  return digits.length === 11 ? digits : null;
}

function detailsOf(sent: SentPix): Record<string, unknown> {
  return {
    sendId: sent.sendId,
    e2eid: sent.e2eid,
    amount: sent.amount,
    status: sent.status,
    favoredKey: sent.favoredKey,
    requestedAt: sent.requestedAt,
    settledAt: sent.settledAt,
  };
}

export function createPixRail(deps: PixRailDeps): PayoutRail {
  return {
    kind: 'pix',
    provider: 'the PIX PSP',
    refusals: { live: 'PAYOUT_AT_PSP', unavailable: 'PAYOUT_PSP_CHECK_UNAVAILABLE' },

    async applies(db, detail) {
      return automaticPayoutApplies({
        autoCryptoPayouts: false,
        receiveKind: detail.receive.kind,
        withdrawEnabled: null,
        pixPayouts: detail.receive.kind === 'pix' && (await pixPayoutsOn(db)),
      });
    },

    async lookUp(detail): Promise<RailLookup> {
      const client = await deps.client();
      if (!client) {
        return { kind: 'unavailable', reason: 'PIX is not configured', failure: NOT_CONFIGURED };
      }
      const sendId = sendIdForOrder(detail.order.id);
      let sent: SentPix | null;
      try {
        sent = await client.sender.lookUp(sendId);
      } catch (error) {
        if (error instanceof PixNotConfiguredError) {
          return { kind: 'unavailable', reason: reasonOf(error), failure: NOT_CONFIGURED };
        }
        if (!isPixPspError(error)) throw error;
        return { kind: 'unavailable', reason: reasonOf(error) };
      }
      if (!sent) return { kind: 'none', next: sendId, why: `the PSP has no send ${sendId}` };
      const base = {
        kind: 'found' as const,
        providerId: sent.sendId,
        details: detailsOf(sent),
      };
      switch (sent.status) {
        case 'REALIZADO':
          return { ...base, state: 'done', receipt: sent.e2eid, reason: 'completed' };
        case 'NAO_REALIZADO':
          return {
            ...base,
            state: 'failed',
            receipt: null,
            reason: 'not made (NAO_REALIZADO)',
            failure: {
              code: 'pix_not_made',
              params: {
                key: quoted(detail.order.addressToReceive),
                e2eid: quoted(sent.e2eid),
                reason: sent.reason ? quoted(sent.reason) : null,
              },
            },
          };
        default:
          return {
            ...base,
            state: 'pending',
            receipt: null,
            reason: 'processing (EM_PROCESSAMENTO)',
          };
      }
    },

    async precheck(detail): Promise<RailCheck> {
      // never a PIX whose key's holder the PSP cannot check against the customer
      return cpfOf(detail) ? { kind: 'ok' } : { kind: 'fail', failure: NO_CPF };
    },

    async apply(detail, next): Promise<RailApply> {
      const client = await deps.client();
      if (!client) return { kind: 'refused', failure: NOT_CONFIGURED };
      const cpf = cpfOf(detail);
      if (!cpf) return { kind: 'refused', failure: NO_CPF };
      const request = {
        sendId: next ?? sendIdForOrder(detail.order.id),
        // BRL to the centavo; a fraction below it (never expected) is not paid
        amount: dec(detail.order.amountReceive).round(2, 0).toFixed(2),
        payerKey: client.payerKey,
        favoredKey: detail.order.addressToReceive.trim(),
        favoredCpf: cpf,
        payerMessage: `${deps.brandName ?? ''} ${detail.order.reference}`.trim().slice(0, 140),
      };
      try {
        const sent = await client.sender.send(request);
        return {
          kind: 'applied',
          providerId: sent.sendId,
          details: {
            sendId: sent.sendId,
            e2eid: sent.e2eid,
            amount: sent.amount,
            status: sent.status,
            favoredKey: request.favoredKey,
            replayed: sent.replayed,
          },
        };
      } catch (error) {
        if (error instanceof PixNotConfiguredError)
          return { kind: 'refused', failure: NOT_CONFIGURED };
        if (error instanceof PixRejectedError) {
          if (error.status === 409) {
            // the id was used (a send of ours the look-up did not show yet): follow it
            return { kind: 'later', reason: `the PSP has send ${request.sendId} already` };
          }
          return { kind: 'refused', failure: refusalOf(detail, error) };
        }
        if (isOutcomeUnknown(error)) {
          return {
            kind: 'unknown',
            reason: `outcome of PIX send ${request.sendId} unknown: ${reasonOf(error)}`,
            record: {
              sendId: request.sendId,
              amount: request.amount,
              favoredKey: request.favoredKey,
              error: reasonOf(error),
              why: "the PSP's answer was lost: the send may have been made. It is looked up by its idEnvio before anything else; a send again reuses that idEnvio, which the PSP never pays twice.",
            },
          };
        }
        throw error;
      }
    },
  };
}
