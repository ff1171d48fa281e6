import { z } from 'zod';
import type { Locale } from './locale.ts';
import { formatDecimal } from './money.ts';

/**
 * Why an automatic payout failed, stored on the order as a code with its parameters (never as a
 * sentence): each reader words it in its own language. Texts the exchange itself sent (its
 * message, a withdrawal's note) stay as they came, quoted. Rows written before codes existed
 * carry their sentence as `legacy`.
 */
const text = z.string().max(500);
const decimal = z.string().max(60);

export const payoutErrorSchema = z
  .discriminatedUnion('code', [
    /** The exchange API key and secret are not configured; nothing was sent. */
    z.object({ code: z.literal('exchange_not_configured'), params: z.object({}) }),
    /** The order has no network to pay out on; nothing was sent. */
    z.object({ code: z.literal('no_network'), params: z.object({}) }),
    /** The treasury holds less of the token than the payout needs; nothing was sent. */
    z.object({
      code: z.literal('treasury_short'),
      params: z.object({ available: decimal, needed: decimal, unit: z.string().max(20) }),
    }),
    /** The exchange refused the withdrawal request (its own message and code). */
    z.object({
      code: z.literal('exchange_refused'),
      params: z.object({ message: text, exchangeCode: z.number().int() }),
    }),
    /** The withdrawal was cancelled, rejected or failed at the exchange. */
    z.object({
      code: z.literal('withdrawal_failed'),
      params: z.object({
        withdrawId: text,
        outcome: z.enum(['cancelled', 'rejected', 'failed']),
        info: text.nullable(),
      }),
    }),
    /** No final answer from the exchange after this many checks. */
    z.object({
      code: z.literal('no_final_answer'),
      params: z.object({ checks: z.number().int() }),
    }),
    /** Every withdrawal this order may make failed at the exchange. */
    z.object({
      code: z.literal('too_many_withdrawals'),
      params: z.object({ withdrawals: z.number().int() }),
    }),
    /** Paid at the exchange, but the treasury ledger cannot record it. */
    z.object({
      code: z.literal('paid_not_in_ledger'),
      params: z.object({
        withdrawId: text,
        txId: text.nullable(),
        amount: decimal,
        unit: z.string().max(20),
      }),
    }),
    /** The Deriv integration is not configured (or its credentials cannot be read); nothing sent. */
    z.object({ code: z.literal('deriv_not_configured'), params: z.object({}) }),
    /**
     * The name Deriv gives for the customer's account (its dry run) is not the customer's KYC
     * name: no transfer was made.
     */
    z.object({
      code: z.literal('deriv_name_mismatch'),
      params: z.object({ account: text, derivName: text, kycName: text }),
    }),
    /**
     * Deriv refused the agent's API token (InvalidToken, AuthorizationRequired...): a problem of
     * the integration's settings, not of the order; nothing was sent.
     */
    z.object({
      code: z.literal('deriv_token_refused'),
      params: z.object({ message: text, derivCode: z.string().max(100) }),
    }),
    /** Deriv refused the transfer (its own message and code); no money moved. */
    z.object({
      code: z.literal('deriv_refused'),
      params: z.object({ account: text, message: text, derivCode: z.string().max(100) }),
    }),
    /** The agent's statement shows more than one transfer for this order: a person must look. */
    z.object({
      code: z.literal('deriv_paid_twice'),
      params: z.object({ transactions: z.array(text).max(20) }),
    }),
    /** The PIX integration is not configured, or the platform has no PIX key; nothing sent. */
    z.object({ code: z.literal('pix_not_configured'), params: z.object({}) }),
    /** The customer has no CPF: the PSP could not check the key's holder; nothing sent. */
    z.object({ code: z.literal('pix_no_cpf'), params: z.object({}) }),
    /**
     * The PSP refused the send because the customer's PIX key is held by another document than
     * the customer's CPF (`favorecido.cpf`): no money moved.
     */
    z.object({
      code: z.literal('pix_holder_mismatch'),
      params: z.object({ key: text, message: text }),
    }),
    /** The PSP refused the send (its own message and code); no money moved. */
    z.object({
      code: z.literal('pix_refused'),
      params: z.object({ key: text, message: text, pspCode: z.string().max(100) }),
    }),
    /** The PSP accepted the send, then did not make it (NAO_REALIZADO); no money moved. */
    z.object({
      code: z.literal('pix_not_made'),
      params: z.object({ key: text, e2eid: text, reason: text.nullable() }),
    }),
    /** A reason stored as a sentence before reasons had codes (shown as it is). */
    z.object({ code: z.literal('legacy'), params: z.object({ text: z.string() }) }),
  ])
  .meta({ id: 'PayoutError' });

export type PayoutError = z.infer<typeof payoutErrorSchema>;
export type PayoutErrorCode = PayoutError['code'];
export const PAYOUT_ERROR_CODES = payoutErrorSchema.options.map(
  (option) => option.shape.code.value,
) as PayoutErrorCode[];

type Words = (params: never, locale: Locale) => string;

const amount = (value: string, unit: string, locale: Locale) =>
  `${formatDecimal(value, locale)}\u00a0${unit}`;

/** Each code in both languages (the one catalogue of these texts: back office and e-mails). */
const TEXTS: {
  [C in PayoutErrorCode]: Record<
    Locale,
    (params: Extract<PayoutError, { code: C }>['params'], locale: Locale) => string
  >;
} = {
  exchange_not_configured: {
    'en-US': () => 'The exchange API key and secret are not configured. Nothing was sent.',
    'pt-BR': () =>
      'A chave e o segredo da API da exchange não estão configurados. Nada foi enviado.',
  },
  no_network: {
    'en-US': () => 'The order has no network to pay out on. Nothing was sent.',
    'pt-BR': () => 'O pedido não tem uma rede para o pagamento. Nada foi enviado.',
  },
  treasury_short: {
    'en-US': (p, l) =>
      `Not enough ${p.unit} in the treasury: ${amount(p.available, p.unit, l)} available, the payout needs ${amount(p.needed, p.unit, l)}. Nothing was sent to the exchange.`,
    'pt-BR': (p, l) =>
      `Saldo insuficiente de ${p.unit} na tesouraria: ${amount(p.available, p.unit, l)} disponíveis, o pagamento precisa de ${amount(p.needed, p.unit, l)}. Nada foi enviado à exchange.`,
  },
  exchange_refused: {
    'en-US': (p) =>
      `The exchange refused the withdrawal (code ${p.exchangeCode}). The exchange says: “${p.message}”`,
    'pt-BR': (p) =>
      `A exchange recusou o saque (código ${p.exchangeCode}). Mensagem da exchange: “${p.message}”`,
  },
  withdrawal_failed: {
    'en-US': (p) =>
      `Withdrawal ${p.withdrawId} ${p.outcome === 'cancelled' ? 'was cancelled' : p.outcome === 'rejected' ? 'was rejected' : 'failed'} at the exchange.${p.info ? ` The exchange says: “${p.info}”` : ''}`,
    'pt-BR': (p) =>
      `O saque ${p.withdrawId} ${p.outcome === 'cancelled' ? 'foi cancelado' : p.outcome === 'rejected' ? 'foi rejeitado' : 'falhou'} na exchange.${p.info ? ` Mensagem da exchange: “${p.info}”` : ''}`,
  },
  no_final_answer: {
    'en-US': (p) =>
      `No final answer from the exchange after ${p.checks} checks. A retry looks the withdrawal up first and never pays twice.`,
    'pt-BR': (p) =>
      `A exchange não deu uma resposta final depois de ${p.checks} consultas. Tentar de novo procura o saque primeiro e nunca paga duas vezes.`,
  },
  too_many_withdrawals: {
    'en-US': (p) =>
      `${p.withdrawals} withdrawals of this order failed at the exchange. Pay by hand or refund.`,
    'pt-BR': (p) =>
      `${p.withdrawals} saques deste pedido falharam na exchange. Pague manualmente ou reembolse.`,
  },
  paid_not_in_ledger: {
    'en-US': (p, l) =>
      `Withdrawal ${p.withdrawId} is complete at the exchange (transaction ${p.txId ?? 'unknown'}), but the treasury has less than ${amount(p.amount, p.unit, l)} to record it. Adjust the ledger, then retry: the retry finds this withdrawal and does not pay again.`,
    'pt-BR': (p, l) =>
      `O saque ${p.withdrawId} foi concluído na exchange (transação ${p.txId ?? 'desconhecida'}), mas a tesouraria tem menos de ${amount(p.amount, p.unit, l)} para registrá-lo. Ajuste o livro-caixa e tente de novo: a nova tentativa encontra este saque e não paga outra vez.`,
  },
  deriv_not_configured: {
    'en-US': () =>
      'The Deriv integration is not configured (or its token cannot be read). Nothing was sent.',
    'pt-BR': () =>
      'A integração Deriv não está configurada (ou o token não pode ser lido). Nada foi enviado.',
  },
  deriv_name_mismatch: {
    'en-US': (p) =>
      `Deriv account ${p.account} is in the name of “${p.derivName}”, not the customer's verified name “${p.kycName}”. No transfer was made: check the account with the customer, then retry or pay by hand.`,
    'pt-BR': (p) =>
      `A conta Deriv ${p.account} está em nome de “${p.derivName}”, não no nome verificado do cliente, “${p.kycName}”. Nenhuma transferência foi feita: confira a conta com o cliente e tente de novo ou pague manualmente.`,
  },
  deriv_token_refused: {
    'en-US': (p) =>
      `Deriv refused the payment agent's API token (${p.derivCode}: “${p.message}”). Nothing was sent. Put a valid token in Integrations, then retry the payout.`,
    'pt-BR': (p) =>
      `A Deriv recusou o token de API do agente de pagamento (${p.derivCode}: “${p.message}”). Nada foi enviado. Coloque um token válido em Integrações e tente o pagamento de novo.`,
  },
  deriv_refused: {
    'en-US': (p) =>
      `Deriv refused the transfer to ${p.account} (${p.derivCode}). Deriv says: “${p.message}” No money moved.`,
    'pt-BR': (p) =>
      `A Deriv recusou a transferência para ${p.account} (${p.derivCode}). Mensagem da Deriv: “${p.message}” Nenhum valor foi movido.`,
  },
  deriv_paid_twice: {
    'en-US': (p) =>
      `The Deriv statement shows ${p.transactions.length} transfers for this order (transactions ${p.transactions.join(', ')}). Nothing more will be sent: recover the extra payment with the customer and settle the order by hand.`,
    'pt-BR': (p) =>
      `O extrato da Deriv mostra ${p.transactions.length} transferências para este pedido (transações ${p.transactions.join(', ')}). Nada mais será enviado: recupere o pagamento a mais com o cliente e resolva o pedido manualmente.`,
  },
  pix_not_configured: {
    'en-US': () =>
      'The PIX integration is not configured (or the platform has no PIX key). Nothing was sent.',
    'pt-BR': () =>
      'A integração PIX não está configurada (ou a plataforma não tem chave PIX). Nada foi enviado.',
  },
  pix_no_cpf: {
    'en-US': () =>
      'The customer has no CPF on file, so the PSP cannot check that the PIX key is theirs. Nothing was sent: check the key with the customer and pay by hand.',
    'pt-BR': () =>
      'O cliente não tem CPF cadastrado, então o PSP não pode conferir que a chave PIX é dele. Nada foi enviado: confira a chave com o cliente e pague manualmente.',
  },
  pix_holder_mismatch: {
    'en-US': (p) =>
      `The PIX key ${p.key} is not held by the customer's CPF: the PSP refused the send. The PSP says: “${p.message}” No money moved: check the key with the customer, then retry or pay by hand.`,
    'pt-BR': (p) =>
      `A chave PIX ${p.key} não pertence ao CPF do cliente: o PSP recusou o envio. Mensagem do PSP: “${p.message}” Nenhum valor foi movido: confira a chave com o cliente e tente de novo ou pague manualmente.`,
  },
  pix_refused: {
    'en-US': (p) =>
      `The PSP refused the PIX to ${p.key} (${p.pspCode}). The PSP says: “${p.message}” No money moved.`,
    'pt-BR': (p) =>
      `O PSP recusou o PIX para ${p.key} (${p.pspCode}). Mensagem do PSP: “${p.message}” Nenhum valor foi movido.`,
  },
  pix_not_made: {
    'en-US': (p) =>
      `The PIX to ${p.key} (E2E ${p.e2eid}) was not made by the PSP.${p.reason ? ` The PSP says: “${p.reason}”` : ''} No money moved: retry (a new send) or pay by hand.`,
    'pt-BR': (p) =>
      `O PIX para ${p.key} (E2E ${p.e2eid}) não foi realizado pelo PSP.${p.reason ? ` Mensagem do PSP: “${p.reason}”` : ''} Nenhum valor foi movido: tente de novo (um novo envio) ou pague manualmente.`,
  },
  legacy: {
    'en-US': (p) => p.text,
    'pt-BR': (p) => `Registrado antes da tradução, no original: “${p.text}”`,
  },
};

/** The reason of a failed payout, worded in `locale`. */
export function payoutErrorText(error: PayoutError, locale: Locale): string {
  const words = TEXTS[error.code][locale] as Words;
  return words(error.params as never, locale);
}
