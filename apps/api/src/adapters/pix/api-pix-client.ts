import { Buffer } from 'node:buffer';
import http from 'node:http';
import https from 'node:https';
import {
  AMOUNT_PATTERN,
  CLIENT_ID_PATTERN,
  E2EID_PATTERN,
  PixNotConfiguredError,
  PixRejectedError,
  PixTimeoutError,
  PixUnavailableError,
  TXID_PATTERN,
} from './pix-psp.ts';
import type {
  CobStatus,
  CreateChargeRequest,
  ListPixQuery,
  PixCharge,
  PixPerson,
  PixPsp,
  PixRefund,
  PixSender,
  PixViolation,
  ReceivedPix,
  SendResult,
  SendStatus,
  SentPix,
} from './pix-psp.ts';

export interface ApiPixClientOptions {
  /** the PSP's API base, e.g. https://pix.api.efipay.com.br (paths /v2/... are appended) */
  apiUrl: string;
  /** the OAuth2 token endpoint (default `${apiUrl}/oauth/token`) */
  tokenUrl?: string;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /**
   * mTLS: the client certificate and its private key, PEM. The real PSPs refuse a connection
   * without them; when given, every request (token included) goes through an https.Agent holding
   * them. Tests talk plain http to the fake and leave them out.
   */
  certificate?: string | Buffer | undefined;
  key?: string | Buffer | undefined;
  /**
   * the CAs trusted for the PSP's server certificate, PEM, in place of Node's own list (a
   * homologation environment, the fake); leave out for the public CAs
   */
  ca?: string | Buffer | undefined;
  /** per request, including the body (default 10 s) */
  timeoutMs?: number;
  /** the token is renewed this long before its expires_in ends (default 60 s) */
  tokenMarginSeconds?: number;
  now?: () => Date;
}

interface HttpAnswer {
  status: number;
  body: unknown;
}

/** The largest answer read from the PSP (a page of 1000 PIX with devolutions fits easily). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rejectionOf(status: number, body: unknown): PixRejectedError {
  if (isObject(body) && typeof body.title === 'string') {
    // RFC 7807 problem+json of the API Pix
    const type = str(body.type) ?? null;
    const violations: PixViolation[] = Array.isArray(body.violacoes)
      ? body.violacoes.filter(isObject).map((v) => ({
          razao: str(v.razao) ?? '',
          ...(str(v.propriedade) ? { propriedade: str(v.propriedade)! } : {}),
          ...(str(v.valor) ? { valor: str(v.valor)! } : {}),
        }))
      : [];
    return new PixRejectedError(status, {
      code: type ? (type.split('/').at(-1) ?? type) : body.title,
      type,
      title: body.title,
      detail: str(body.detail) ?? null,
      violations,
    });
  }
  if (isObject(body) && typeof body.nome === 'string') {
    // Efí's own error shape
    return new PixRejectedError(status, {
      code: body.nome,
      title: body.nome,
      detail: str(body.mensagem) ?? null,
    });
  }
  if (isObject(body) && typeof body.error === 'string') {
    // OAuth2 token endpoint (RFC 6749 §5.2)
    return new PixRejectedError(status, {
      code: body.error,
      title: body.error,
      detail: str(body.error_description) ?? null,
    });
  }
  return new PixRejectedError(status, { code: `HTTP${status}`, title: `HTTP ${status}` });
}

/**
 * The HTTP and OAuth2 core shared by the API Pix client and Efí's send extension: one token cache
 * (client credentials, renewed shortly before expires_in, and once more after a 401), mTLS when a
 * certificate is given, typed errors.
 */
export function createPixHttpCore(options: ApiPixClientOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const tokenUrl = options.tokenUrl ?? `${base}/oauth/token`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const marginMs = (options.tokenMarginSeconds ?? 60) * 1000;
  const now = options.now ?? (() => new Date());
  const { clientId, clientSecret } = options;
  if (Boolean(options.certificate) !== Boolean(options.key)) {
    throw new RangeError('the PIX client certificate and its key go together');
  }
  const agent =
    options.certificate || options.ca
      ? new https.Agent({
          ...(options.certificate ? { cert: options.certificate, key: options.key } : {}),
          ...(options.ca ? { ca: options.ca } : {}),
          keepAlive: true,
        })
      : undefined;

  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  function send(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload: string | null,
    label: string,
  ): Promise<HttpAnswer> {
    return new Promise<HttpAnswer>((resolve, reject) => {
      const target = new URL(url);
      const lib = target.protocol === 'https:' ? https : http;
      let settled = false;
      let timedOut = false;
      const finish = (error: Error | null, answer?: HttpAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (answer) return resolve(answer);
        if (timedOut) return reject(new PixTimeoutError(label, timeoutMs, { cause: error }));
        reject(
          new PixUnavailableError(`the PIX PSP could not be reached (${label})`, null, {
            cause: error,
          }),
        );
      };
      const request = lib.request(target, {
        method,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(payload !== null
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }
            : {}),
        },
        ...(agent && lib === https ? { agent } : {}),
      });
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timeout'));
      }, timeoutMs);
      request.on('error', (error) => finish(error));
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => finish(error));
        response.on('close', () => {
          if (!response.complete) finish(new Error('answer cut short'));
        });
        response.on('end', () => {
          if (!response.complete) return finish(new Error('answer cut short'));
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          if (text) {
            try {
              body = JSON.parse(text);
            } catch (error) {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              reject(
                new PixUnavailableError(
                  `the PIX PSP answered ${status} without JSON (${label})`,
                  status,
                  { cause: error },
                ),
              );
              return;
            }
          }
          finish(null, { status, body });
        });
      });
      request.end(payload ?? undefined);
    });
  }

  async function fetchToken(): Promise<string> {
    if (!clientId || !clientSecret) throw new PixNotConfiguredError();
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const answer = await send(
      'POST',
      tokenUrl,
      { authorization: `Basic ${basic}` },
      JSON.stringify({ grant_type: 'client_credentials' }),
      'POST /oauth/token',
    );
    if (answer.status >= 500) {
      throw new PixUnavailableError(
        `the PIX PSP answered ${answer.status} (POST /oauth/token)`,
        answer.status,
      );
    }
    if (answer.status < 200 || answer.status >= 300) throw rejectionOf(answer.status, answer.body);
    const body = answer.body;
    if (!isObject(body) || typeof body.access_token !== 'string' || !body.access_token) {
      throw new PixUnavailableError('the token answer has no access_token', answer.status);
    }
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 0;
    // Renew `margin` before the end, but never keep a token for less than half its life.
    const keep = Math.max(expiresIn - marginMs, expiresIn / 2);
    token = { value: body.access_token, renewAt: now().getTime() + keep };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return token.value;
    // One token request at a time: concurrent calls wait for the same answer.
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /**
   * One API call with the bearer token. A 401 drops the token, fetches a new one and repeats the
   * call once: every call of these clients is an idempotent PUT or GET, so repeating is safe.
   * Answers the 2xx/404 answer; throws rejected (other 4xx), unavailable (5xx), timeout.
   */
  async function call(
    method: 'GET' | 'PUT',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<HttpAnswer> {
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const label = `${method} ${path}`;
    const payload = body === undefined ? null : JSON.stringify(body);
    let answer: HttpAnswer | null = null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bearer = await accessToken();
      answer = await send(
        method,
        `${base}${path}${search}`,
        { authorization: `Bearer ${bearer}` },
        payload,
        label,
      );
      if (answer.status !== 401) break;
      if (token?.value === bearer) token = null;
    }
    const { status } = answer!;
    if (status >= 500) {
      const detail = isObject(answer!.body) ? str(answer!.body.title) : undefined;
      throw new PixUnavailableError(
        `the PIX PSP answered ${status}${detail ? ` ${detail}` : ''} (${label})`,
        status,
      );
    }
    if ((status < 200 || status >= 300) && status !== 404) {
      throw rejectionOf(status, answer!.body);
    }
    return answer!;
  }

  /** call(), with a 404 answered as null and every other non-2xx thrown. */
  async function lookUp(path: string): Promise<unknown> {
    const answer = await call('GET', path);
    if (answer.status === 404) return null;
    return answer.body;
  }

  /** call(), with a 404 thrown as a rejection. */
  async function must(
    method: 'GET' | 'PUT',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<unknown> {
    const answer = await call(method, path, body, query);
    if (answer.status === 404) throw rejectionOf(404, answer.body);
    return answer.body;
  }

  return { call, lookUp, must, accessToken, close: () => agent?.destroy() };
}

export type PixHttpCore = ReturnType<typeof createPixHttpCore>;

function checkPattern(pattern: RegExp, value: string, what: string): void {
  if (!pattern.test(value)) throw new RangeError(`invalid ${what}: ${JSON.stringify(value)}`);
}

function malformed(what: string): PixUnavailableError {
  return new PixUnavailableError(`the PIX PSP answered ${what} in an unknown shape`, 200);
}

function toPerson(value: unknown): PixPerson | null {
  if (!isObject(value) || typeof value.nome !== 'string') return null;
  return {
    nome: value.nome,
    ...(str(value.cpf) ? { cpf: str(value.cpf)! } : {}),
    ...(str(value.cnpj) ? { cnpj: str(value.cnpj)! } : {}),
  };
}

function toRefund(value: unknown): PixRefund {
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    typeof value.valor !== 'string' ||
    typeof value.status !== 'string'
  ) {
    throw malformed('a devolução');
  }
  const horario = isObject(value.horario) ? value.horario : {};
  return {
    id: value.id,
    rtrId: str(value.rtrId) ?? '',
    valor: value.valor,
    status: value.status as PixRefund['status'],
    horario: {
      solicitacao: str(horario.solicitacao) ?? '',
      ...(str(horario.liquidacao) ? { liquidacao: str(horario.liquidacao)! } : {}),
    },
    ...(str(value.natureza) ? { natureza: str(value.natureza)! } : {}),
    ...(str(value.descricao) ? { descricao: str(value.descricao)! } : {}),
    ...(str(value.motivo) ? { motivo: str(value.motivo)! } : {}),
  };
}

function toReceivedPix(value: unknown): ReceivedPix {
  if (
    !isObject(value) ||
    typeof value.endToEndId !== 'string' ||
    typeof value.valor !== 'string' ||
    typeof value.horario !== 'string'
  ) {
    throw malformed('a PIX');
  }
  const pagador = toPerson(value.pagador);
  return {
    endToEndId: value.endToEndId,
    valor: value.valor,
    horario: value.horario,
    ...(str(value.txid) ? { txid: str(value.txid)! } : {}),
    ...(str(value.chave) ? { chave: str(value.chave)! } : {}),
    ...(pagador ? { pagador } : {}),
    ...(str(value.infoPagador) ? { infoPagador: str(value.infoPagador)! } : {}),
    ...(Array.isArray(value.devolucoes) ? { devolucoes: value.devolucoes.map(toRefund) } : {}),
  };
}

function toCharge(value: unknown): PixCharge {
  if (!isObject(value) || typeof value.txid !== 'string' || typeof value.status !== 'string') {
    throw malformed('a charge');
  }
  const calendario = isObject(value.calendario) ? value.calendario : {};
  const valor = isObject(value.valor) ? value.valor : {};
  const loc = isObject(value.loc) ? value.loc : {};
  return {
    txid: value.txid,
    status: value.status as CobStatus,
    pixCopiaECola: str(value.pixCopiaECola) ?? null,
    location: str(value.location) ?? str(loc.location) ?? null,
    createdAt: str(calendario.criacao) ?? '',
    expiresInSeconds: typeof calendario.expiracao === 'number' ? calendario.expiracao : 86_400,
    revision: typeof value.revisao === 'number' ? value.revisao : 0,
    amount: str(valor.original) ?? '',
    key: str(value.chave) ?? '',
    debtor: toPerson(value.devedor),
    pix: Array.isArray(value.pix) ? value.pix.map(toReceivedPix) : [],
  };
}

/** Whether an existing charge is the one this request would create. */
function sameCharge(charge: PixCharge, request: CreateChargeRequest): boolean {
  return (
    charge.amount === request.amount &&
    charge.key === request.key &&
    charge.debtor?.cpf === request.debtor.cpf
  );
}

function toSentPix(value: unknown): SentPix {
  if (!isObject(value) || typeof value.idEnvio !== 'string' || typeof value.status !== 'string') {
    throw malformed('a sent PIX');
  }
  const horario = isObject(value.horario) ? value.horario : {};
  const favorecido = isObject(value.favorecido) ? value.favorecido : {};
  return {
    sendId: value.idEnvio,
    e2eid: str(value.endToEndId) ?? str(value.e2eId) ?? '',
    amount: str(value.valor) ?? '',
    status: value.status as SendStatus,
    payerKey: str(value.chave) ?? null,
    favoredKey: str(favorecido.chave) ?? null,
    requestedAt: str(horario.solicitacao) ?? '',
    settledAt: str(horario.liquidacao) ?? null,
    reason: str(value.motivo) ?? null,
  };
}

/** The API Pix over an existing core (see createApiPixClient). */
export function apiPixOverCore(core: PixHttpCore): PixPsp {
  async function getCharge(txid: string): Promise<PixCharge | null> {
    checkPattern(TXID_PATTERN, txid, 'txid');
    const body = await core.lookUp(`/v2/cob/${txid}`);
    return body === null ? null : toCharge(body);
  }

  async function getRefund(e2eid: string, refundId: string): Promise<PixRefund | null> {
    checkPattern(E2EID_PATTERN, e2eid, 'endToEndId');
    checkPattern(CLIENT_ID_PATTERN, refundId, 'devolução id');
    const body = await core.lookUp(`/v2/pix/${e2eid}/devolucao/${refundId}`);
    return body === null ? null : toRefund(body);
  }

  async function* iteratePix(query: ListPixQuery): AsyncGenerator<ReceivedPix[], void, undefined> {
    const pageSize = query.pageSize ?? 100;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      throw new RangeError(`invalid page size: ${pageSize}`);
    }
    let page = query.page ?? 0;
    // A bound on the walk: a PSP announcing ever more pages cannot keep us reading forever.
    for (let read = 0; read < 10_000; read += 1) {
      const body = await core.must('GET', '/v2/pix', undefined, {
        inicio: query.start.toISOString(),
        fim: query.end.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(pageSize),
      });
      if (!isObject(body)) throw malformed('the PIX list');
      const list = Array.isArray(body.pix) ? body.pix.map(toReceivedPix) : [];
      yield list;
      const parametros = isObject(body.parametros) ? body.parametros : {};
      const paginacao = isObject(parametros.paginacao) ? parametros.paginacao : {};
      const pages =
        typeof paginacao.quantidadeDePaginas === 'number' ? paginacao.quantidadeDePaginas : 1;
      if (list.length === 0 || page + 1 >= pages) return;
      page += 1;
    }
  }

  return {
    async createCharge(request) {
      checkPattern(TXID_PATTERN, request.txid, 'txid');
      checkPattern(AMOUNT_PATTERN, request.amount, 'amount');
      if (!Number.isInteger(request.expiresInSeconds) || request.expiresInSeconds <= 0) {
        throw new RangeError(`invalid expiration: ${request.expiresInSeconds}`);
      }
      const cob = {
        calendario: { expiracao: request.expiresInSeconds },
        devedor: { cpf: request.debtor.cpf, nome: request.debtor.name },
        valor: { original: request.amount },
        chave: request.key,
        ...(request.payerMessage ? { solicitacaoPagador: request.payerMessage } : {}),
      };
      try {
        return toCharge(await core.must('PUT', `/v2/cob/${request.txid}`, cob));
      } catch (error) {
        // The txid exists already (a retry of this very creation): the standard refuses to alter
        // a charge that is no longer ATIVA (400 CobOperacaoInvalida), Efí refuses any reuse
        // (409 txid_duplicado). The same charge is success; anything else stays a refusal.
        if (error instanceof PixRejectedError && (error.status === 400 || error.status === 409)) {
          const existing = await getCharge(request.txid);
          if (existing && sameCharge(existing, request)) return existing;
        }
        throw error;
      }
    },

    getCharge,

    async getPix(e2eid) {
      checkPattern(E2EID_PATTERN, e2eid, 'endToEndId');
      const body = await core.lookUp(`/v2/pix/${e2eid}`);
      return body === null ? null : toReceivedPix(body);
    },

    async listPix(query) {
      const all: ReceivedPix[] = [];
      for await (const page of iteratePix(query)) all.push(...page);
      return all;
    },

    iteratePix,

    async refund(request) {
      checkPattern(E2EID_PATTERN, request.e2eid, 'endToEndId');
      checkPattern(CLIENT_ID_PATTERN, request.refundId, 'devolução id');
      checkPattern(AMOUNT_PATTERN, request.amount, 'amount');
      const path = `/v2/pix/${request.e2eid}/devolucao/${request.refundId}`;
      try {
        return toRefund(
          await core.must('PUT', path, {
            valor: request.amount,
            ...(request.reason ? { descricao: request.reason } : {}),
          }),
        );
      } catch (error) {
        // An id already used for this PIX is refused (400 PixDevolucaoInvalida): when it is this
        // very devolução (a retry), answer it; nothing was refunded twice.
        if (error instanceof PixRejectedError && (error.status === 400 || error.status === 409)) {
          const existing = await getRefund(request.e2eid, request.refundId);
          if (existing && existing.valor === request.amount) return existing;
        }
        throw error;
      }
    },

    getRefund,

    async setWebhook(key, url) {
      await core.must('PUT', `/v2/webhook/${encodeURIComponent(key)}`, { webhookUrl: url });
    },

    async getWebhook(key) {
      const body = await core.lookUp(`/v2/webhook/${encodeURIComponent(key)}`);
      if (body === null) return null;
      if (!isObject(body) || typeof body.webhookUrl !== 'string') throw malformed('a webhook');
      return {
        webhookUrl: body.webhookUrl,
        chave: str(body.chave) ?? key,
        criacao: str(body.criacao) ?? '',
      };
    },
  };
}

/** Efí's send extension over an existing core (see createEfiPixSender). */
export function efiSenderOverCore(core: PixHttpCore): PixSender {
  async function lookUp(sendId: string): Promise<SentPix | null> {
    checkPattern(CLIENT_ID_PATTERN, sendId, 'idEnvio');
    const body = await core.lookUp(`/v2/gn/pix/enviados/id-envio/${sendId}`);
    return body === null ? null : toSentPix(body);
  }

  return {
    async send(request) {
      checkPattern(CLIENT_ID_PATTERN, request.sendId, 'idEnvio');
      checkPattern(AMOUNT_PATTERN, request.amount, 'amount');
      const body = {
        valor: request.amount,
        pagador: {
          chave: request.payerKey,
          ...(request.payerMessage ? { infoPagador: request.payerMessage } : {}),
        },
        favorecido: {
          chave: request.favoredKey,
          ...(request.favoredCpf ? { cpf: request.favoredCpf } : {}),
        },
      };
      let answer: unknown;
      try {
        answer = await core.must('PUT', `/v2/gn/pix/${request.sendId}`, body);
      } catch (error) {
        // 409 id_envio_duplicado: this id was sent before. The same payout is answered as it
        // stands (nothing new is paid); a different one under a reused id stays a refusal.
        if (error instanceof PixRejectedError && error.status === 409) {
          const existing = await lookUp(request.sendId);
          if (
            existing &&
            existing.amount === request.amount &&
            (existing.favoredKey === null || existing.favoredKey === request.favoredKey)
          ) {
            return {
              sendId: existing.sendId,
              e2eid: existing.e2eid,
              status: existing.status,
              amount: existing.amount,
              replayed: true,
            } satisfies SendResult;
          }
        }
        throw error;
      }
      if (!isObject(answer) || typeof answer.status !== 'string') throw malformed('a send');
      return {
        sendId: str(answer.idEnvio) ?? request.sendId,
        e2eid: str(answer.e2eId) ?? str(answer.endToEndId) ?? '',
        status: answer.status as SendStatus,
        amount: str(answer.valor) ?? request.amount,
        replayed: false,
      };
    },
    lookUp,
  };
}

/** The standard API Pix over HTTP (OAuth2 client credentials, mTLS when a certificate is given). */
export function createApiPixClient(options: ApiPixClientOptions): PixPsp {
  return apiPixOverCore(createPixHttpCore(options));
}

/** Efí's PIX send (`/v2/gn/pix`), alone. */
export function createEfiPixSender(options: ApiPixClientOptions): PixSender {
  return efiSenderOverCore(createPixHttpCore(options));
}

/** Efí as both: its API Pix and its send extension, one connection setup and one token. */
export function createEfiPix(options: ApiPixClientOptions): {
  psp: PixPsp;
  sender: PixSender;
  close: () => void;
} {
  const core = createPixHttpCore(options);
  return { psp: apiPixOverCore(core), sender: efiSenderOverCore(core), close: core.close };
}
