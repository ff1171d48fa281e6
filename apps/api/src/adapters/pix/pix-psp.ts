/**
 * The PIX payment service provider (PSP): charges and received PIX through the Banco Central's
 * standard API Pix (bacen/pix-api, v2), and sending PIX through a PSP extension (no standard
 * exists; Efí's `/v2/gn/pix` is the one implemented). Two interfaces, PixPsp and PixSender; the
 * HTTP client is api-pix-client.ts, tests run it against src/fakes/fake-pix-psp.ts.
 *
 * Records the PSP answers (a received PIX, a devolução, a sent PIX) keep the API Pix's own field
 * names (endToEndId, valor, horario…), so what is stored and logged matches the PSP's statements.
 */
import { ProviderError } from '../provider-error.ts';
import type { ProviderErrorKind } from '../provider-error.ts';

/** Status of a charge record (CobrancaStatus of the API Pix). */
export type CobStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** Status of a devolução (refund of a received PIX). */
export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** Status of a PIX sent through Efí's `/v2/gn/pix/:idEnvio`. */
export type SendStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

/** txid of a charge: 26 to 35 letters and digits (TxId of the API Pix). */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** id of a devolução and idEnvio of a send: 1 to 35 letters and digits. */
export const CLIENT_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
/** endToEndId of a PIX: 32 letters and digits. */
export const E2EID_PATTERN = /^[a-zA-Z0-9]{32}$/;
/** A BRL amount as the API Pix writes it: up to 10 integer digits and exactly 2 decimals. */
export const AMOUNT_PATTERN = /^\d{1,10}\.\d{2}$/;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idFromUuid(orderId: string): string {
  if (!UUID_PATTERN.test(orderId)) throw new RangeError(`not a UUID: ${orderId}`);
  return `PMT${orderId.replaceAll('-', '').toLowerCase()}`;
}

/**
 * The txid of an order's charge: "PMT" and the UUID's 32 hex digits (35 characters). Always the
 * same for one order, so creating the charge again (a retry) PUTs the same txid.
 */
export function txidForOrder(orderId: string): string {
  return idFromUuid(orderId);
}

/** The idEnvio of an order's payout, derived like txidForOrder (35 characters). */
export function sendIdForOrder(orderId: string): string {
  return idFromUuid(orderId);
}

/** The id of a devolução of an order (one refund per order), derived like txidForOrder. */
export function refundIdForOrder(orderId: string): string {
  return idFromUuid(orderId);
}

/** A payer or debtor: a person (cpf) or a company (cnpj), with a name. */
export interface PixPerson {
  cpf?: string;
  cnpj?: string;
  nome: string;
}

/** A devolução as the API Pix answers it (Devolucao). */
export interface PixRefund {
  id: string;
  rtrId: string;
  valor: string;
  status: RefundStatus;
  horario: { solicitacao: string; liquidacao?: string };
  natureza?: string;
  descricao?: string;
  motivo?: string;
}

/** A received PIX as the API Pix answers it (Pix). `txid` is absent for a PIX with no charge. */
export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave?: string;
  horario: string;
  pagador?: PixPerson;
  infoPagador?: string;
  devolucoes?: PixRefund[];
}

export interface CreateChargeRequest {
  /** see txidForOrder */
  txid: string;
  /** calendario.expiracao: lifetime from creation, seconds (> 0) */
  expiresInSeconds: number;
  debtor: { cpf: string; name: string };
  /** valor.original, e.g. '123.45' */
  amount: string;
  /** chave: our PIX key (registered with the PSP) */
  key: string;
  /** solicitacaoPagador: a text shown to the payer (at most 140 characters) */
  payerMessage?: string;
}

/** A charge (cob) as created or read. */
export interface PixCharge {
  txid: string;
  status: CobStatus;
  /** the BR Code ("copia e cola") the customer pays; null when the PSP gave none */
  pixCopiaECola: string | null;
  /** the payload location of the dynamic QR code; null when the PSP gave none */
  location: string | null;
  /** calendario.criacao */
  createdAt: string;
  /** calendario.expiracao */
  expiresInSeconds: number;
  /** revisao, from 0 */
  revision: number;
  amount: string;
  key: string;
  debtor: PixPerson | null;
  /** PIX received for this charge (GET answers them; a fresh charge has none) */
  pix: ReceivedPix[];
}

export interface RefundRequest {
  /** the received PIX */
  e2eid: string;
  /** our id of the devolução (1–35 letters and digits): a second PUT with it refunds nothing */
  refundId: string;
  amount: string;
  /** descricao: shown to the payer (at most 140 characters) */
  reason?: string;
}

export interface ListPixQuery {
  start: Date;
  end: Date;
  /** the first page to read (default 0) */
  page?: number;
  /** paginacao.itensPorPagina (default 100, at most 1000) */
  pageSize?: number;
}

/** The PSP's side of receiving PIX: the standard API Pix. Every call is an idempotent PUT or GET. */
export interface PixPsp {
  /** PUT /cob/{txid}. Again with the same txid and content: answers the existing charge. */
  createCharge(request: CreateChargeRequest): Promise<PixCharge>;
  /** GET /cob/{txid}; null when the PSP has no such charge. */
  getCharge(txid: string): Promise<PixCharge | null>;
  /** GET /pix/{e2eid}; null when the PSP has no such PIX. */
  getPix(e2eid: string): Promise<ReceivedPix | null>;
  /** GET /pix?inicio&fim, every page from `page` on. */
  listPix(query: ListPixQuery): Promise<ReceivedPix[]>;
  /** The same, one page at a time. */
  iteratePix(query: ListPixQuery): AsyncGenerator<ReceivedPix[], void, undefined>;
  /**
   * PUT /pix/{e2eid}/devolucao/{id}. Again with the same id and amount: answers the existing
   * devolução (never a second refund).
   */
  refund(request: RefundRequest): Promise<PixRefund>;
  /** GET /pix/{e2eid}/devolucao/{id}; null when the PSP has none. */
  getRefund(e2eid: string, refundId: string): Promise<PixRefund | null>;
  /** PUT /webhook/{chave}: the PSP will POST received PIX to `${url}/pix`. */
  setWebhook(key: string, url: string): Promise<void>;
  /** GET /webhook/{chave}; null when none is set. */
  getWebhook(key: string): Promise<{ webhookUrl: string; chave: string; criacao: string } | null>;
}

export interface SendRequest {
  /** idEnvio: our id of the payout, 1–35 letters and digits (see sendIdForOrder) */
  sendId: string;
  amount: string;
  /** pagador.chave: our PIX key at the PSP */
  payerKey: string;
  /** favorecido.chave: the customer's PIX key */
  favoredKey: string;
  /** favorecido.cpf: when given, the PSP refuses a key held by another document */
  favoredCpf?: string;
  /** pagador.infoPagador: a text shown to the customer */
  payerMessage?: string;
}

export interface SendResult {
  sendId: string;
  /** the endToEndId of the PIX sent */
  e2eid: string;
  status: SendStatus;
  amount: string;
  /** true when this idEnvio had been sent before: the earlier send is answered, nothing new paid */
  replayed: boolean;
}

/** A sent PIX as the PSP reports it (Efí GET /v2/gn/pix/enviados/id-envio/:idEnvio). */
export interface SentPix {
  sendId: string;
  e2eid: string;
  amount: string;
  status: SendStatus;
  /** our key that paid */
  payerKey: string | null;
  favoredKey: string | null;
  requestedAt: string;
  settledAt: string | null;
  /** for NAO_REALIZADO: the PSP's reason when it gives one (Efí: `motivo`) */
  reason?: string | null;
}

/**
 * Sending PIX: no standard exists, each PSP has its own API (Efí's is implemented). The id of a
 * send is ours, so a retry never pays twice: after a timeout or unavailable answer the outcome is
 * unknown; look it up (lookUp) before sending again — or send again with the same id, which the
 * PSP refuses and this client answers with the earlier send.
 */
export interface PixSender {
  send(request: SendRequest): Promise<SendResult>;
  /** The send with this id; null when the PSP has none (it never reached the PSP). */
  lookUp(sendId: string): Promise<SentPix | null>;
}

export type PixPspErrorKind = ProviderErrorKind;

/** Base class: every failure of the PIX clients is one of these. */
export class PixPspError extends ProviderError {
  override name = 'PixPspError';
}

/** No client id/secret configured: no call is possible. */
export class PixNotConfiguredError extends PixPspError {
  override name = 'PixNotConfiguredError';
  constructor() {
    super('not_configured', 'the PIX PSP client id and secret are not configured');
  }
}

/** One violation of a problem+json answer. */
export interface PixViolation {
  razao: string;
  propriedade?: string;
  valor?: string;
}

/**
 * The PSP answered 4xx. The API Pix answers RFC 7807 problem+json (`type`, `title`, `status`,
 * `detail`, `violacoes`); Efí answers some errors as `{ nome, mensagem }` (then `code` is `nome`
 * and `detail` is `mensagem`). `code` is the last segment of `type` for problem+json
 * (e.g. `CobOperacaoInvalida`).
 */
export class PixRejectedError extends PixPspError {
  override name = 'PixRejectedError';
  readonly status: number;
  readonly code: string;
  readonly type: string | null;
  readonly title: string;
  readonly detail: string | null;
  readonly violations: PixViolation[];
  constructor(
    status: number,
    fields: {
      code: string;
      type?: string | null;
      title: string;
      detail?: string | null;
      violations?: PixViolation[];
    },
  ) {
    super(
      'rejected',
      `the PIX PSP refused (${status} ${fields.code}): ${fields.detail ?? fields.title}`,
    );
    this.status = status;
    this.code = fields.code;
    this.type = fields.type ?? null;
    this.title = fields.title;
    this.detail = fields.detail ?? null;
    this.violations = fields.violations ?? [];
  }
}

/**
 * No answer in time. For a money-moving call (a send, a devolução) the outcome is unknown: look
 * it up by its id before trying again.
 */
export class PixTimeoutError extends PixPspError {
  override name = 'PixTimeoutError';
  constructor(path: string, timeoutMs: number, options?: { cause?: unknown }) {
    super('timeout', `no answer from the PIX PSP to ${path} within ${timeoutMs} ms`, options);
  }
}

/**
 * Connection refused or dropped, a 5xx, or an answer that is not the PSP's JSON. For a
 * money-moving call the outcome is unknown (the PSP may have acted before the connection
 * dropped): look it up by its id before trying again.
 */
export class PixUnavailableError extends PixPspError {
  override name = 'PixUnavailableError';
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super('unavailable', message, options);
    this.status = status;
  }
}

export function isPixPspError(error: unknown): error is PixPspError {
  return error instanceof PixPspError;
}

/** Whether the outcome of a money-moving call that failed with this error is unknown. */
export { isOutcomeUnknown } from '../provider-error.ts';
