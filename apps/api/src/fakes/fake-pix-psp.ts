import { Buffer } from 'node:buffer';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { createDynamicPix, hasError } from 'pix-utils';
import type {
  CobStatus,
  PixRefund,
  ReceivedPix,
  RefundStatus,
  SendStatus,
} from '../adapters/pix/pix-psp.ts';
import { PIX_SIGNATURE_HEADER, signWebhook } from '../adapters/pix/pix-webhook.ts';
import { FakeServer } from './fake-server.ts';

/**
 * A local stand-in for a PIX PSP: the Banco Central's API Pix (OAuth2 token, cob, pix,
 * devolução, webhook) and Efí's send extension (`/v2/gn/pix`), on 127.0.0.1 and a random port,
 * everything in memory. It runs in tests and, later, in-process for the development demo: it
 * imports nothing from test/ or vitest.
 *
 * What the next requests meet (`setMode`, for every path or those starting with one):
 * - ok: normal answers
 * - reject: every matching request answers `status` (default 400) as problem+json
 * - timeout: the request is read and never answered
 * - slow: answered normally after `ms`
 * - crash-after-submit: a money-moving PUT (cob, devolução, send) is recorded, then the
 *   connection is dropped without an answer (the client cannot know the outcome)
 * - drop-webhooks: normal answers, but no webhook is POSTed
 */
export type FakePixMode =
  | { kind: 'ok' }
  | { kind: 'reject'; status?: number; title?: string; detail?: string }
  | { kind: 'timeout' }
  | { kind: 'slow'; ms: number }
  | { kind: 'crash-after-submit' }
  | { kind: 'drop-webhooks' };

export interface FakePixPspOptions {
  clientId: string;
  clientSecret: string;
  /** the receiver's PIX key (the only one cob, webhook and send accept) */
  key: string;
  /** where to POST `{ pix: [...] }` (the fake appends `/pix`); PUT /v2/webhook/{chave} sets it too */
  webhookUrl?: string;
  /** when set, webhooks carry `x-pix-signature` (see signWebhook) */
  webhookSecret?: string;
  /** lifetime of an access token (default 3600 s) */
  tokenTtlSeconds?: number;
  /**
   * immediate (default): a devolução is answered EM_PROCESSAMENTO and reads DEVOLVIDO right after;
   * manual: it stays EM_PROCESSAMENTO until settleRefund()
   */
  refundSettlement?: 'immediate' | 'manual';
  /** the same for a send: REALIZADO right after (default) or on settleSend() */
  sendSettlement?: 'immediate' | 'manual';
  /**
   * A second PUT /cob/{txid}: efi (default) refuses any reuse with 409 txid_duplicado; standard
   * (the API Pix) revises an ATIVA charge and refuses one no longer ATIVA (400 CobOperacaoInvalida).
   */
  cobReuse?: 'efi' | 'standard';
  /** the ISPB in endToEndIds (default Efí's, 09089356) */
  ispb?: string;
  /** key → CPF of its holder, for `favorecido.cpf` checks of a send */
  keyOwners?: Record<string, string>;
  /**
   * Serve https and require a client certificate signed by `ca` (mTLS, as the real PSPs do);
   * PEM. The server certificate must name 127.0.0.1.
   */
  tls?: { cert: string | Buffer; key: string | Buffer; ca: string | Buffer };
}

export interface FakePixRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** 'basic', 'bearer' or null */
  auth: 'basic' | 'bearer' | null;
  /** with `tls`: the common name of the client certificate presented */
  clientCertificate: string | null;
}

export interface FakeCob {
  txid: string;
  revisao: number;
  status: CobStatus;
  calendario: { criacao: string; expiracao: number };
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob'; criacao: string };
  location: string;
  pixCopiaECola: string;
}

export interface FakeSend {
  idEnvio: string;
  endToEndId: string;
  valor: string;
  /** our key that paid */
  chave: string;
  status: SendStatus;
  infoPagador?: string;
  horario: { solicitacao: string; liquidacao?: string };
  favorecido: { chave: string; cpf?: string };
  /** NAO_REALIZADO: why (settleSend's) */
  motivo?: string;
}

export interface FakeWebhookDelivery {
  url: string;
  body: string;
  signature: string | null;
  /** HTTP status of the receiver, or null when it could not be reached */
  status: number | null;
}

export interface FakePayment {
  txid?: string;
  /** default: the charge's amount */
  amount?: string;
  payer: { cpf: string; name: string };
  infoPagador?: string;
}

const ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const AMOUNT = /^\d{1,10}\.\d{2}$/;
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const CLIENT_ID = /^[a-zA-Z0-9]{1,35}$/;
const MAX_BODY_BYTES = 64 * 1024;

function randomAlnum(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALNUM[byte % ALNUM.length];
  return out;
}

/** yyyyMMddHHmm, UTC */
function minuteStamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/** Amounts as integer cents, so the fake never does binary floats on money. */
function cents(value: string): bigint {
  const [int = '0', frac = '00'] = value.split('.');
  return BigInt(int) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Problem {
  status: number;
  type: string;
  title: string;
  detail: string;
  violacoes?: { razao: string; propriedade: string }[];
}

class Answered extends Error {}

export class FakePixPsp {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly key: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
  tokenTtlSeconds: number;
  refundSettlement: 'immediate' | 'manual';
  sendSettlement: 'immediate' | 'manual';
  readonly cobReuse: 'efi' | 'standard';
  readonly ispb: string;
  readonly keyOwners: Map<string, string>;
  readonly requests: FakePixRequest[] = [];
  readonly webhookDeliveries: FakeWebhookDelivery[] = [];
  url = '';

  private readonly cobs = new Map<string, FakeCob>();
  private readonly pix = new Map<string, ReceivedPix & { devolucoes: PixRefund[] }>();
  private readonly sends = new Map<string, FakeSend>();
  private readonly tokens = new Map<string, number>();
  private webhookCreatedAt: string | null = null;
  private nextLocId = 1;
  /** listening, sockets, timers and the mode (for every path or those starting with one) */
  private readonly server = new FakeServer<FakePixMode>(
    'fake PIX PSP',
    { kind: 'ok' },
    (path, prefix) => prefix === null || path.startsWith(prefix),
  );
  private readonly tls: FakePixPspOptions['tls'] | null;

  constructor(options: FakePixPspOptions) {
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.key = options.key;
    this.webhookUrl = options.webhookUrl ?? null;
    this.webhookCreatedAt = options.webhookUrl ? new Date().toISOString() : null;
    this.webhookSecret = options.webhookSecret ?? null;
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
    this.refundSettlement = options.refundSettlement ?? 'immediate';
    this.sendSettlement = options.sendSettlement ?? 'immediate';
    this.cobReuse = options.cobReuse ?? 'efi';
    this.ispb = options.ispb ?? '09089356';
    this.keyOwners = new Map(Object.entries(options.keyOwners ?? {}));
    this.tls = options.tls ?? null;
  }

  async start(): Promise<this> {
    const listener: RequestListener = (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (error instanceof Answered || res.headersSent || res.destroyed) return;
        this.problem(res, {
          status: 500,
          type: `${ERROR_BASE}ErroInternoDoServidor`,
          title: 'Erro interno do servidor',
          detail: String(error),
        });
      });
    };
    const server = this.tls
      ? createTlsServer(
          { ...this.tls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
          listener,
        )
      : createServer(listener);
    const port = await this.server.listen(server);
    this.url = `${this.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  /** Switches the mode, for every path or only paths starting with `path` (e.g. '/v2/gn/pix/'). */
  setMode(mode: FakePixMode, path?: string): void {
    this.server.setMode(mode, path);
  }

  /** Every access token issued so far expires now (the next call answers 401). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** Charges, in creation order (copies). */
  charges(): FakeCob[] {
    return [...this.cobs.values()].map((cob) => structuredClone(cob));
  }

  /** Received PIX, in arrival order (copies). */
  received(): ReceivedPix[] {
    return [...this.pix.values()].map((pix) => structuredClone(pix));
  }

  /** Every send ever accepted, in order (copies): "exactly one payment" is `sent().length`. */
  sent(): FakeSend[] {
    return [...this.sends.values()].map((send) => structuredClone(send));
  }

  /** Every devolução ever accepted, with its PIX's endToEndId (copies). */
  refunds(): (PixRefund & { endToEndId: string })[] {
    return [...this.pix.values()].flatMap((pix) =>
      pix.devolucoes.map((refund) => ({ ...structuredClone(refund), endToEndId: pix.endToEndId })),
    );
  }

  /**
   * A customer pays the charge `txid` (test and demo hook): records a received PIX with a fresh
   * endToEndId, marks the charge CONCLUIDA and POSTs the webhook (unless dropped). Throws when
   * the charge is unknown, not ATIVA or expired.
   */
  async pay(payment: FakePayment & { txid: string }): Promise<{
    pix: ReceivedPix;
    webhook: FakeWebhookDelivery | null;
  }> {
    const cob = this.cobs.get(payment.txid);
    if (!cob) throw new Error(`fake PIX PSP: no charge ${payment.txid}`);
    if (cob.status !== 'ATIVA')
      throw new Error(`fake PIX PSP: charge ${cob.txid} is ${cob.status}`);
    const expiresAt = Date.parse(cob.calendario.criacao) + cob.calendario.expiracao * 1000;
    if (Date.now() > expiresAt) throw new Error(`fake PIX PSP: charge ${cob.txid} expired`);
    const amount = payment.amount ?? cob.valor.original;
    const pix = this.receive({ ...payment, amount });
    cob.status = 'CONCLUIDA';
    const webhook = await this.notify([pix]);
    return { pix: structuredClone(pix), webhook };
  }

  /** A PIX to our key with no charge (no txid). The API Pix notifies only PIX with a txid. */
  async payUnknown(payment: Omit<FakePayment, 'txid'> & { amount: string }): Promise<ReceivedPix> {
    return structuredClone(this.receive(payment));
  }

  /** Ends a devolução left EM_PROCESSAMENTO (refundSettlement 'manual') and notifies it. */
  async settleRefund(
    e2eid: string,
    refundId: string,
    status: Exclude<RefundStatus, 'EM_PROCESSAMENTO'>,
  ): Promise<FakeWebhookDelivery | null> {
    const pix = this.pix.get(e2eid);
    const refund = pix?.devolucoes.find((d) => d.id === refundId);
    if (!pix || !refund) throw new Error(`fake PIX PSP: no devolução ${refundId} of ${e2eid}`);
    refund.status = status;
    if (status === 'DEVOLVIDO') refund.horario.liquidacao = new Date().toISOString();
    else refund.motivo = 'Devolução não realizada (fake)';
    return pix.txid ? this.notify([pix]) : null;
  }

  /** Ends a send left EM_PROCESSAMENTO (sendSettlement 'manual'). */
  settleSend(
    idEnvio: string,
    status: Exclude<SendStatus, 'EM_PROCESSAMENTO'>,
    motivo?: string,
  ): void {
    const send = this.sends.get(idEnvio);
    if (!send) throw new Error(`fake PIX PSP: no send ${idEnvio}`);
    send.status = status;
    if (status === 'REALIZADO') send.horario.liquidacao = new Date().toISOString();
    else if (motivo) send.motivo = motivo;
  }

  private receive(payment: FakePayment & { amount: string }) {
    if (!AMOUNT.test(payment.amount)) throw new Error(`fake PIX PSP: bad amount ${payment.amount}`);
    const now = new Date();
    const pix: ReceivedPix & { devolucoes: PixRefund[] } = {
      endToEndId: this.e2eid('E', now),
      ...(payment.txid ? { txid: payment.txid } : {}),
      valor: payment.amount,
      chave: this.key,
      horario: now.toISOString(),
      pagador: { cpf: payment.payer.cpf, nome: payment.payer.name },
      ...(payment.infoPagador ? { infoPagador: payment.infoPagador } : {}),
      devolucoes: [],
    };
    this.pix.set(pix.endToEndId, pix);
    return pix;
  }

  /** `E`/`D` + ISPB + yyyyMMddHHmm + 11 random letters and digits: 32 characters. */
  private e2eid(prefix: 'E' | 'D', date: Date): string {
    return `${prefix}${this.ispb}${minuteStamp(date)}${randomAlnum(11)}`;
  }

  private async notify(pix: ReceivedPix[]): Promise<FakeWebhookDelivery | null> {
    if (!this.webhookUrl || this.server.mode.kind === 'drop-webhooks') return null;
    const url = `${this.webhookUrl.replace(/\/+$/, '')}/pix`;
    const body = JSON.stringify({ pix });
    const signature = this.webhookSecret
      ? signWebhook(this.webhookSecret, Math.floor(Date.now() / 1000), body)
      : null;
    const delivery: FakeWebhookDelivery = { url, body, signature, status: null };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [PIX_SIGNATURE_HEADER]: signature } : {}),
        },
        body,
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch {
      delivery.status = null;
    }
    this.webhookDeliveries.push(delivery);
    return delivery;
  }

  private json(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
    res.statusCode = status;
    if (body === undefined) {
      res.end();
      return;
    }
    res.setHeader('content-type', type);
    res.end(JSON.stringify(body));
  }

  private problem(res: ServerResponse, problem: Problem): void {
    this.json(res, problem.status, problem, 'application/problem+json');
  }

  /** Efí's own error shape (`{ nome, mensagem }`). */
  private efiError(res: ServerResponse, status: number, nome: string, mensagem: string): void {
    this.json(res, status, { nome, mensagem });
  }

  private checkBasic(header: string | undefined): boolean {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
    if (!match) return false;
    const given = Buffer.from(match[1]!, 'base64');
    const expected = Buffer.from(`${this.clientId}:${this.clientSecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private checkBearer(header: string | undefined): boolean {
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    if (!match) return false;
    const expiresAt = this.tokens.get(match[1]!);
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  private async readBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    if (size > MAX_BODY_BYTES) {
      this.problem(res, {
        status: 400,
        type: `${ERROR_BASE}RequisicaoInvalida`,
        title: 'Requisição inválida',
        detail: 'O corpo da requisição excede o tamanho permitido.',
      });
      throw new Answered();
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      this.problem(res, {
        status: 400,
        type: `${ERROR_BASE}RequisicaoInvalida`,
        title: 'Requisição inválida',
        detail: 'O corpo da requisição não é um JSON válido.',
      });
      throw new Answered();
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const [path = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
    const query = new URLSearchParams(rawQuery);
    const authorization = req.headers.authorization;
    const body = await this.readBody(req, res);
    const peer = this.tls ? (req.socket as TLSSocket).getPeerCertificate() : null;
    const commonName = peer?.subject?.CN;
    this.requests.push({
      clientCertificate: typeof commonName === 'string' ? commonName : null,
      method,
      path,
      query,
      body,
      auth: authorization?.startsWith('Basic ')
        ? 'basic'
        : authorization?.startsWith('Bearer ')
          ? 'bearer'
          : null,
    });

    const mode = this.server.modeFor(path);
    if (mode.kind === 'timeout') return; // never answers; close() destroys the socket
    if (mode.kind === 'slow') await this.server.delay(mode.ms);
    if (mode.kind === 'reject') {
      const status = mode.status ?? 400;
      return this.problem(res, {
        status,
        type: `${ERROR_BASE}${status >= 500 ? 'ServicoIndisponivel' : 'RequisicaoInvalida'}`,
        title: mode.title ?? (status >= 500 ? 'Serviço indisponível' : 'Requisição inválida'),
        detail: mode.detail ?? 'Falha simulada pelo PSP falso.',
      });
    }
    const crash = mode.kind === 'crash-after-submit';

    if (method === 'POST' && path === '/oauth/token') return this.token(res, authorization, body);
    if (method === 'POST' && path === '/_fake/pay') return this.fakePay(res, body);

    if (!path.startsWith('/v2/')) {
      return this.problem(res, {
        status: 404,
        type: `${ERROR_BASE}NaoEncontrado`,
        title: 'Não encontrado',
        detail: `Nenhum recurso em ${method} ${path}.`,
      });
    }
    if (!this.checkBearer(authorization)) {
      res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return this.json(res, 401, {
        error: 'invalid_token',
        error_description: 'The access token is missing, invalid or expired.',
      });
    }

    let match: RegExpExecArray | null;
    if ((match = /^\/v2\/cob\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(match[1]!);
      if (method === 'PUT') return this.putCob(req, res, txid, body, crash);
      if (method === 'GET') return this.getCob(res, txid);
    } else if (method === 'GET' && path === '/v2/pix') {
      return this.listPix(res, query);
    } else if ((match = /^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path))) {
      const [e2eid, id] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
      if (method === 'PUT') return this.putRefund(req, res, e2eid, id, body, crash);
      if (method === 'GET') return this.getRefund(res, e2eid, id);
    } else if ((match = /^\/v2\/pix\/([^/]+)$/.exec(path)) && method === 'GET') {
      const pix = this.pix.get(decodeURIComponent(match[1]!));
      if (!pix) return this.pixNotFound(res);
      return this.json(res, 200, pix);
    } else if ((match = /^\/v2\/webhook\/([^/]+)$/.exec(path))) {
      const chave = decodeURIComponent(match[1]!);
      if (method === 'PUT') return this.putWebhook(res, chave, body);
      if (method === 'GET') return this.getWebhook(res, chave);
    } else if ((match = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/.exec(path))) {
      if (method === 'GET') return this.getSend(res, decodeURIComponent(match[1]!));
    } else if ((match = /^\/v2\/gn\/pix\/([^/]+)$/.exec(path)) && method === 'PUT') {
      return this.putSend(req, res, decodeURIComponent(match[1]!), body, crash);
    }
    return this.problem(res, {
      status: 404,
      type: `${ERROR_BASE}NaoEncontrado`,
      title: 'Não encontrado',
      detail: `Nenhum recurso em ${method} ${path}.`,
    });
  }

  private token(res: ServerResponse, authorization: string | undefined, body: unknown): void {
    if (!this.checkBasic(authorization)) {
      return this.json(res, 401, {
        error: 'invalid_client',
        error_description: 'Invalid or inactive credentials',
      });
    }
    if (!isObject(body) || body.grant_type !== 'client_credentials') {
      return this.json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'grant_type must be client_credentials',
      });
    }
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, Date.now() + this.tokenTtlSeconds * 1000);
    this.json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.tokenTtlSeconds,
      scope:
        'cob.read cob.write pix.read pix.write webhook.read webhook.write pix.send gn.pix.send.read',
    });
  }

  private async fakePay(res: ServerResponse, body: unknown): Promise<void> {
    const payer = isObject(body) && isObject(body.payer) ? body.payer : null;
    if (
      !isObject(body) ||
      typeof body.txid !== 'string' ||
      !payer ||
      typeof payer.cpf !== 'string' ||
      typeof payer.name !== 'string'
    ) {
      return this.json(res, 400, { error: 'txid and payer { cpf, name } are required' });
    }
    try {
      const { pix } = await this.pay({
        txid: body.txid,
        payer: { cpf: payer.cpf, name: payer.name },
        ...(typeof body.amount === 'string' ? { amount: body.amount } : {}),
      });
      this.json(res, 201, pix);
    } catch (error) {
      this.json(res, 409, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private cobInvalid(res: ServerResponse, violacoes: Problem['violacoes'], title: string): void {
    this.problem(res, {
      status: 400,
      type: `${ERROR_BASE}CobOperacaoInvalida`,
      title,
      detail:
        'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.',
      ...(violacoes ? { violacoes } : {}),
    });
  }

  private putCob(
    req: IncomingMessage,
    res: ServerResponse,
    txid: string,
    body: unknown,
    crash: boolean,
  ): void {
    const violacoes: { razao: string; propriedade: string }[] = [];
    const violation = (propriedade: string, razao: string) =>
      violacoes.push({ razao, propriedade });
    if (!TXID.test(txid)) violation('txid', 'O campo txid não respeita o schema.');
    if (!isObject(body)) {
      return this.cobInvalid(
        res,
        [{ razao: 'Corpo ausente.', propriedade: 'cob' }],
        'Cobrança inválida.',
      );
    }
    const calendario = isObject(body.calendario) ? body.calendario : {};
    const expiracao = calendario.expiracao ?? 86_400;
    if (typeof expiracao !== 'number' || !Number.isInteger(expiracao) || expiracao <= 0) {
      violation(
        'cob.calendario.expiracao',
        'O campo cob.calendario.expiracao é igual ou menor que zero.',
      );
    }
    const valor = isObject(body.valor) ? body.valor : {};
    if (typeof valor.original !== 'string' || !AMOUNT.test(valor.original)) {
      violation('cob.valor.original', 'O campo cob.valor.original não respeita o schema.');
    } else if (cents(valor.original) === 0n) {
      violation('cob.valor.original', 'O campo cob.valor.original é zero.');
    }
    if (typeof body.chave !== 'string' || body.chave.length > 77) {
      violation('cob.chave', 'O campo cob.chave não respeita o schema.');
    } else if (body.chave !== this.key) {
      violation(
        'cob.chave',
        'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
      );
    }
    let devedor: FakeCob['devedor'];
    if (body.devedor !== undefined) {
      const d = body.devedor;
      const ok =
        isObject(d) &&
        typeof d.nome === 'string' &&
        d.nome.length <= 200 &&
        ((typeof d.cpf === 'string' && /^\d{11}$/.test(d.cpf) && d.cnpj === undefined) ||
          (typeof d.cnpj === 'string' && /^[0-9A-Z]{14}$/.test(d.cnpj) && d.cpf === undefined));
      if (!ok) violation('cob.devedor', 'O objeto cob.devedor não respeita o schema.');
      else
        devedor = {
          nome: d.nome as string,
          ...(typeof d.cpf === 'string' ? { cpf: d.cpf } : { cnpj: d.cnpj as string }),
        };
    }
    const solicitacaoPagador = body.solicitacaoPagador;
    if (
      solicitacaoPagador !== undefined &&
      (typeof solicitacaoPagador !== 'string' || solicitacaoPagador.length > 140)
    ) {
      violation('cob.solicitacaoPagador', 'O campo solicitacaoPagador não respeita o schema.');
    }
    if (violacoes.length > 0) return this.cobInvalid(res, violacoes, 'Cobrança inválida.');

    const existing = this.cobs.get(txid);
    if (existing && this.cobReuse === 'efi') {
      return this.efiError(
        res,
        409,
        'txid_duplicado',
        'Campo txid informado já foi utilizado em outra cobrança',
      );
    }
    if (existing && existing.status !== 'ATIVA') {
      return this.cobInvalid(
        res,
        [
          {
            razao:
              'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.',
            propriedade: 'cob.status',
          },
        ],
        'Operação inválida.',
      );
    }
    const now = new Date().toISOString();
    const original = valor.original as string;
    let cob: FakeCob;
    if (existing) {
      // standard: an ATIVA charge is revised (revisao + 1 when something changed)
      const changed =
        existing.valor.original !== original ||
        existing.calendario.expiracao !== expiracao ||
        existing.devedor?.cpf !== devedor?.cpf ||
        existing.devedor?.cnpj !== devedor?.cnpj ||
        existing.devedor?.nome !== devedor?.nome ||
        existing.solicitacaoPagador !== solicitacaoPagador;
      existing.valor.original = original;
      existing.calendario.expiracao = expiracao as number;
      if (devedor) existing.devedor = devedor;
      else delete existing.devedor;
      if (typeof solicitacaoPagador === 'string') existing.solicitacaoPagador = solicitacaoPagador;
      else delete existing.solicitacaoPagador;
      if (changed) existing.revisao += 1;
      cob = existing;
    } else {
      const locId = this.nextLocId++;
      const host = this.url.replace(/^https?:\/\//, '');
      const location = `${host}/qr/v2/${randomUUID().replaceAll('-', '')}`;
      const brCode = createDynamicPix({
        merchantName: 'PERMUTA FAKE',
        merchantCity: 'SAO PAULO',
        url: location,
      });
      cob = {
        txid,
        revisao: 0,
        status: 'ATIVA',
        calendario: { criacao: now, expiracao: expiracao as number },
        ...(devedor ? { devedor } : {}),
        valor: { original },
        chave: this.key,
        ...(typeof solicitacaoPagador === 'string' ? { solicitacaoPagador } : {}),
        loc: { id: locId, location, tipoCob: 'cob', criacao: now },
        location,
        pixCopiaECola: hasError(brCode) ? '' : brCode.toBRCode(),
      };
      this.cobs.set(txid, cob);
    }
    if (crash) {
      req.socket.destroy();
      return;
    }
    this.json(res, 201, cob);
  }

  private getCob(res: ServerResponse, txid: string): void {
    const cob = this.cobs.get(txid);
    if (!cob) {
      return this.problem(res, {
        status: 404,
        type: `${ERROR_BASE}CobNaoEncontrado`,
        title: 'Cobrança não encontrada',
        detail: 'Cobrança não encontrada para o txid informado.',
      });
    }
    const pix = [...this.pix.values()].filter((p) => p.txid === txid);
    this.json(res, 200, { ...cob, ...(pix.length > 0 ? { pix } : {}) });
  }

  private pixNotFound(res: ServerResponse): void {
    this.problem(res, {
      status: 404,
      type: `${ERROR_BASE}PixNaoEncontrado`,
      title: 'Pix não encontrado',
      detail: 'Pix não encontrado para o e2eid informado.',
    });
  }

  private listPix(res: ServerResponse, query: URLSearchParams): void {
    const invalid = (razao: string, propriedade: string) =>
      this.problem(res, {
        status: 400,
        type: `${ERROR_BASE}PixConsultaInvalida`,
        title: 'Consulta inválida',
        detail:
          'Os parâmetros de consulta à lista de pix recebidos não respeitam o schema ou não fazem sentido semanticamente.',
        violacoes: [{ razao, propriedade }],
      });
    const inicio = Date.parse(query.get('inicio') ?? '');
    const fim = Date.parse(query.get('fim') ?? '');
    if (Number.isNaN(inicio)) return invalid('O parâmetro inicio é obrigatório.', 'inicio');
    if (Number.isNaN(fim)) return invalid('O parâmetro fim é obrigatório.', 'fim');
    if (fim < inicio) return invalid('O parâmetro fim é anterior ao parâmetro inicio.', 'fim');
    const page = Number(query.get('paginacao.paginaAtual') ?? '0');
    const size = Number(query.get('paginacao.itensPorPagina') ?? '100');
    if (!Number.isInteger(page) || page < 0) {
      return invalid('O parâmetro paginacao.paginaAtual é negativo.', 'paginacao.paginaAtual');
    }
    if (!Number.isInteger(size) || size < 1 || size > 1000) {
      return invalid(
        'O parâmetro paginacao.itensPorPagina não respeita o schema.',
        'paginacao.itensPorPagina',
      );
    }
    const txid = query.get('txid');
    const all = [...this.pix.values()].filter((p) => {
      const at = Date.parse(p.horario);
      return at >= inicio && at <= fim && (txid === null || p.txid === txid);
    });
    this.json(res, 200, {
      parametros: {
        inicio: query.get('inicio'),
        fim: query.get('fim'),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: size,
          quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
          quantidadeTotalDeItens: all.length,
        },
      },
      pix: all.slice(page * size, (page + 1) * size),
    });
  }

  private refundInvalid(res: ServerResponse, razao: string, propriedade: string): void {
    this.problem(res, {
      status: 400,
      type: `${ERROR_BASE}PixDevolucaoInvalida`,
      title: 'Devolução inválida',
      detail:
        'A presente requisição de devolução não respeita o schema ou não faz sentido semanticamente.',
      violacoes: [{ razao, propriedade }],
    });
  }

  private putRefund(
    req: IncomingMessage,
    res: ServerResponse,
    e2eid: string,
    id: string,
    body: unknown,
    crash: boolean,
  ): void {
    const pix = this.pix.get(e2eid);
    if (!pix) return this.pixNotFound(res);
    if (!CLIENT_ID.test(id)) return this.refundInvalid(res, 'O id não respeita o schema.', 'id');
    const valor = isObject(body) ? body.valor : undefined;
    if (typeof valor !== 'string' || !AMOUNT.test(valor) || cents(valor) === 0n) {
      return this.refundInvalid(
        res,
        'O campo devolucao.valor não respeita o schema.',
        'devolucao.valor',
      );
    }
    const descricao = isObject(body) ? body.descricao : undefined;
    if (descricao !== undefined && (typeof descricao !== 'string' || descricao.length > 140)) {
      return this.refundInvalid(
        res,
        'O campo devolucao.descricao não respeita o schema.',
        'devolucao.descricao',
      );
    }
    if (pix.devolucoes.some((d) => d.id === id)) {
      return this.refundInvalid(
        res,
        'A presente requisição de devolução apresenta um id já utilizado por outra requisição de devolução para o e2eid em questão.',
        'id',
      );
    }
    const refunded = pix.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + cents(d.valor), 0n);
    if (refunded + cents(valor) > cents(pix.valor)) {
      return this.refundInvalid(
        res,
        'A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.',
        'devolucao.valor',
      );
    }
    const now = new Date();
    const refund: PixRefund = {
      id,
      rtrId: this.e2eid('D', now),
      valor,
      natureza: 'ORIGINAL',
      ...(typeof descricao === 'string' ? { descricao } : {}),
      horario: { solicitacao: now.toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes.push(refund);
    const answer = structuredClone(refund);
    if (this.refundSettlement === 'immediate') {
      refund.status = 'DEVOLVIDO';
      refund.horario.liquidacao = new Date().toISOString();
    }
    if (crash) {
      req.socket.destroy();
      return;
    }
    this.json(res, 201, answer);
  }

  private getRefund(res: ServerResponse, e2eid: string, id: string): void {
    const refund = this.pix.get(e2eid)?.devolucoes.find((d) => d.id === id);
    if (!refund) {
      return this.problem(res, {
        status: 404,
        type: `${ERROR_BASE}PixDevolucaoNaoEncontrada`,
        title: 'Devolução não encontrada',
        detail: 'Devolução não encontrada para o e2eid informado.',
      });
    }
    this.json(res, 200, refund);
  }

  private putWebhook(res: ServerResponse, chave: string, body: unknown): void {
    const invalid = (razao: string, propriedade: string) =>
      this.problem(res, {
        status: 400,
        type: `${ERROR_BASE}WebhookOperacaoInvalida`,
        title: 'Webhook inválido',
        detail:
          'A presente requisição busca criar um webhook sem respeitar o schema ou, ainda, apresenta semântica inválida.',
        violacoes: [{ razao, propriedade }],
      });
    if (chave !== this.key) {
      return invalid(
        'O parâmetro chave não corresponde a uma chave DICT pertencente a este usuário recebedor.',
        'chave',
      );
    }
    const url = isObject(body) ? body.webhookUrl : undefined;
    if (typeof url !== 'string' || !URL.canParse(url) || url.length > 512) {
      return invalid('Campo webhook.webhookUrl não respeita o schema.', 'webhook.webhookUrl');
    }
    this.webhookUrl = url;
    this.webhookCreatedAt = new Date().toISOString();
    this.json(res, 200, undefined);
  }

  private getWebhook(res: ServerResponse, chave: string): void {
    if (chave !== this.key || !this.webhookUrl) {
      return this.problem(res, {
        status: 404,
        type: `${ERROR_BASE}NaoEncontrado`,
        title: 'Webhook não encontrado',
        detail: 'Webhook não encontrado para a chave informada.',
      });
    }
    this.json(res, 200, {
      webhookUrl: this.webhookUrl,
      chave,
      criacao: this.webhookCreatedAt ?? new Date().toISOString(),
    });
  }

  private putSend(
    req: IncomingMessage,
    res: ServerResponse,
    idEnvio: string,
    body: unknown,
    crash: boolean,
  ): void {
    if (!CLIENT_ID.test(idEnvio)) {
      return this.efiError(res, 400, 'valor_invalido', 'Campo idEnvio não respeita o schema');
    }
    const valor = isObject(body) ? body.valor : undefined;
    if (typeof valor !== 'string' || !AMOUNT.test(valor) || cents(valor) === 0n) {
      return this.efiError(res, 400, 'valor_invalido', 'Campo valor deve ser maior que zero');
    }
    const pagador = isObject(body) && isObject(body.pagador) ? body.pagador : {};
    const favorecido = isObject(body) && isObject(body.favorecido) ? body.favorecido : {};
    if (pagador.chave !== this.key) {
      return this.efiError(
        res,
        400,
        'chave_invalida',
        'A chave informada não faz referência à conta Efí autenticada',
      );
    }
    if (typeof favorecido.chave !== 'string' || !favorecido.chave || favorecido.chave.length > 77) {
      return this.efiError(res, 400, 'valor_invalido', 'Campo favorecido.chave é obrigatório');
    }
    if (this.sends.has(idEnvio)) {
      return this.efiError(
        res,
        409,
        'id_envio_duplicado',
        'O id de envio informado já foi utilizado em outro pagamento',
      );
    }
    const cpf = typeof favorecido.cpf === 'string' ? favorecido.cpf : undefined;
    const owner = this.keyOwners.get(favorecido.chave);
    if (cpf !== undefined && owner !== undefined && owner !== cpf) {
      return this.efiError(
        res,
        400,
        'chave_nao_pertence_ao_documento',
        'O cpf do favorecido é diferente do documento em posse da chave',
      );
    }
    const infoPagador = typeof pagador.infoPagador === 'string' ? pagador.infoPagador : undefined;
    const now = new Date();
    const send: FakeSend = {
      idEnvio,
      endToEndId: this.e2eid('E', now),
      valor,
      chave: this.key,
      status: 'EM_PROCESSAMENTO',
      ...(infoPagador ? { infoPagador } : {}),
      horario: { solicitacao: now.toISOString() },
      favorecido: { chave: favorecido.chave, ...(cpf ? { cpf } : {}) },
    };
    this.sends.set(idEnvio, send);
    const answer = {
      idEnvio,
      e2eId: send.endToEndId,
      valor,
      horario: { solicitacao: send.horario.solicitacao },
      status: send.status,
    };
    if (this.sendSettlement === 'immediate') {
      send.status = 'REALIZADO';
      send.horario.liquidacao = new Date().toISOString();
    }
    if (crash) {
      req.socket.destroy();
      return;
    }
    this.json(res, 201, answer);
  }

  private getSend(res: ServerResponse, idEnvio: string): void {
    const send = this.sends.get(idEnvio);
    if (!send) {
      return this.problem(res, {
        status: 404,
        type: `${ERROR_BASE}PixEnviadoNaoEncontrado`,
        title: 'Não Encontrado',
        detail: 'Pix enviado não encontrado para o idEnvio informado.',
      });
    }
    const { cpf, chave } = send.favorecido;
    this.json(res, 200, {
      endToEndId: send.endToEndId,
      idEnvio: send.idEnvio,
      valor: send.valor,
      chave: send.chave,
      status: send.status,
      ...(send.infoPagador ? { infoPagador: send.infoPagador } : {}),
      ...(send.motivo ? { motivo: send.motivo } : {}),
      horario: send.horario,
      favorecido: {
        chave,
        // Efí masks the document: ***.456.789-**
        ...(cpf ? { identificacao: { cpf: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` } } : {}),
      },
    });
  }
}

/** Starts a fake PIX PSP; close it when done. */
export async function startFakePixPsp(options: FakePixPspOptions): Promise<FakePixPsp> {
  return new FakePixPsp(options).start();
}
