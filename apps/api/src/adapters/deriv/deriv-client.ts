import {
  DESCRIPTION_PATTERN,
  DerivNotConfiguredError,
  DerivRejectedError,
  DerivTimeoutError,
  DerivUnavailableError,
  decimalFromNumber,
  carriesMarker,
  parseIncomingLongcode,
  parseOutgoingLongcode,
} from './deriv.ts';
import type {
  DerivAccount,
  DerivAgent,
  DerivIncomingTransfer,
  DerivOutgoingTransfer,
  DerivStatementEntry,
  DerivStatementPage,
  DerivStatementQuery,
  DerivSubscription,
  DerivTransferResult,
} from './deriv.ts';

/** Deriv's public WebSocket host (developers.deriv.com; the API docs' default server). */
export const DERIV_WS_HOST = 'ws.derivws.com';

/** wss://ws.derivws.com/websockets/v3?app_id=<appId> (the host can be overridden). */
export function derivWebSocketUrl(appId: string | number, host = DERIV_WS_HOST): string {
  const scheme = /^(localhost|127\.|\[::1\])/.test(host) ? 'ws' : 'wss';
  return `${scheme}://${host}/websockets/v3?app_id=${encodeURIComponent(String(appId))}`;
}

export interface DerivClientOptions {
  /** the full endpoint, app_id included (see derivWebSocketUrl) */
  url: string;
  /** the payment agent's API token (scopes read + payments) */
  token?: string | undefined;
  /** per request, and for connecting + authorize (default 15 s) */
  timeoutMs?: number;
  /** a `ping` this often keeps the connection open (default 30 s; Deriv drops idle sockets) */
  pingIntervalMs?: number;
  /** page size of the statement scans of findTransfer / incomingTransfers (default 100, max 999) */
  pageSize?: number;
  /** at most this many statement pages per scan (default 50) */
  maxPages?: number;
  /** WebSocket implementation (default Node's global WebSocket) */
  WebSocket?: typeof WebSocket;
}

type Json = Record<string, unknown>;

interface Pending {
  msgType: string;
  resolve: (body: Json) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

interface Connection {
  socket: WebSocket;
  pending: Map<number, Pending>;
  subscriptions: Map<number, (body: Json) => void>;
  account: DerivAccount | null;
  closed: boolean;
  pingTimer: NodeJS.Timeout | null;
}

interface DerivErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

function errorOf(body: Json): DerivErrorBody | null {
  const error = body['error'];
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  return {
    code: typeof code === 'string' ? code : 'UnknownError',
    message: typeof message === 'string' ? message : 'Deriv answered an error without message',
    ...(typeof details === 'object' && details !== null
      ? { details: details as Record<string, unknown> }
      : {}),
  };
}

function num(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  throw new DerivUnavailableError(`Deriv answered ${what} that is not a number`);
}

function amountToNumber(amount: string): number {
  if (!/^\d+(\.\d+)?$/.test(amount)) {
    throw new TypeError(`not a positive decimal amount: ${JSON.stringify(amount)}`);
  }
  return Number(amount);
}

function toEpochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function statementEntry(raw: Json): DerivStatementEntry {
  const from = raw['from'] as { loginid?: unknown } | undefined;
  const to = raw['to'] as { loginid?: unknown } | undefined;
  const referenceId = raw['reference_id'];
  return {
    transactionId: num(raw['transaction_id'], 'a transaction_id'),
    actionType: String(raw['action_type'] ?? ''),
    amount: decimalFromNumber(num(raw['amount'], 'an amount')),
    balanceAfter: decimalFromNumber(num(raw['balance_after'], 'a balance_after')),
    time: new Date(num(raw['transaction_time'], 'a transaction_time') * 1000),
    longcode: typeof raw['longcode'] === 'string' ? raw['longcode'] : '',
    referenceId: typeof referenceId === 'number' ? referenceId : null,
    fromLoginId: typeof from?.loginid === 'string' ? from.loginid : null,
    toLoginId: typeof to?.loginid === 'string' ? to.loginid : null,
  };
}

/**
 * The payment agent's connection to Deriv's WebSocket API: one socket, `authorize` first with the
 * token, requests matched to answers by `req_id`, a timeout per request, `ping` every
 * pingIntervalMs, a new connection on the first call after a drop. A request in flight when the
 * socket closes fails with DerivUnavailableError (for a transfer: outcome unknown).
 */
export function createDerivClient(options: DerivClientOptions): DerivAgent {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const pageSize = Math.min(options.pageSize ?? 100, 999);
  const maxPages = options.maxPages ?? 50;
  const WebSocketImpl = options.WebSocket ?? globalThis.WebSocket;
  const { token, url } = options;
  let nextReqId = 1;
  let current: Promise<Connection> | null = null;

  function failAll(conn: Connection, error: Error): void {
    conn.closed = true;
    if (conn.pingTimer) clearInterval(conn.pingTimer);
    conn.pingTimer = null;
    for (const [reqId, pending] of conn.pending) {
      clearTimeout(pending.timer);
      conn.pending.delete(reqId);
      pending.reject(error);
    }
    conn.subscriptions.clear();
  }

  function send(conn: Connection, msgType: string, request: Json, ms = timeoutMs): Promise<Json> {
    if (conn.closed || conn.socket.readyState !== WebSocketImpl.OPEN) {
      return Promise.reject(
        new DerivUnavailableError(`the Deriv connection is closed (${msgType} not sent)`),
      );
    }
    const reqId = nextReqId++;
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => {
        conn.pending.delete(reqId);
        reject(new DerivTimeoutError(msgType, ms));
      }, ms);
      conn.pending.set(reqId, { msgType, resolve, reject, timer });
      try {
        conn.socket.send(JSON.stringify({ ...request, req_id: reqId }));
      } catch (error) {
        clearTimeout(timer);
        conn.pending.delete(reqId);
        reject(new DerivUnavailableError(`could not send ${msgType} to Deriv`, { cause: error }));
      }
    });
  }

  function onMessage(conn: Connection, data: unknown): void {
    let body: Json;
    try {
      body = JSON.parse(typeof data === 'string' ? data : String(data)) as Json;
    } catch {
      return; // not Deriv's JSON: nothing can be matched to it
    }
    const reqId = body['req_id'];
    if (typeof reqId !== 'number') return;
    const subscription = conn.subscriptions.get(reqId);
    if (subscription && !conn.pending.has(reqId)) {
      subscription(body);
      return;
    }
    const pending = conn.pending.get(reqId);
    if (!pending) return; // a late answer to a request that timed out
    conn.pending.delete(reqId);
    clearTimeout(pending.timer);
    const error = errorOf(body);
    if (error) {
      pending.reject(
        new DerivRejectedError(pending.msgType, error.code, error.message, error.details),
      );
      return;
    }
    if (body['msg_type'] !== pending.msgType) {
      pending.reject(
        new DerivUnavailableError(
          `Deriv answered ${String(body['msg_type'])} to ${pending.msgType} (req_id ${reqId})`,
        ),
      );
      return;
    }
    pending.resolve(body);
  }

  function open(): Promise<Connection> {
    if (!token) return Promise.reject(new DerivNotConfiguredError());
    return new Promise<Connection>((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new WebSocketImpl(url);
      } catch (error) {
        reject(new DerivUnavailableError(`bad Deriv endpoint ${url}`, { cause: error }));
        return;
      }
      const conn: Connection = {
        socket,
        pending: new Map(),
        subscriptions: new Map(),
        account: null,
        closed: false,
        pingTimer: null,
      };
      let settled = false;
      const connectTimer = setTimeout(() => {
        if (settled) return;
        settled = true;
        socket.close();
        failAll(conn, new DerivTimeoutError('connect', timeoutMs));
        reject(new DerivTimeoutError('connect', timeoutMs));
      }, timeoutMs);
      socket.addEventListener('message', (event) => onMessage(conn, event.data));
      socket.addEventListener('close', (event) => {
        failAll(
          conn,
          new DerivUnavailableError(
            `the Deriv connection closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`,
          ),
        );
        if (!settled) {
          settled = true;
          clearTimeout(connectTimer);
          reject(new DerivUnavailableError(`could not connect to Deriv (${event.code})`));
        }
      });
      socket.addEventListener('error', () => {
        // A 'close' always follows; it fails what is pending.
      });
      socket.addEventListener('open', () => {
        send(conn, 'authorize', { authorize: token }, timeoutMs)
          .then((body) => {
            const raw = (body['authorize'] ?? {}) as Json;
            conn.account = {
              loginId: String(raw['loginid'] ?? ''),
              currency: String(raw['currency'] ?? ''),
              fullName: String(raw['fullname'] ?? ''),
              balance: decimalFromNumber(num(raw['balance'] ?? 0, 'a balance')),
              scopes: Array.isArray(raw['scopes']) ? raw['scopes'].map(String) : [],
            };
            if (settled || conn.closed) {
              // the connect timed out meanwhile: this connection is already given up
              socket.close();
              return;
            }
            conn.pingTimer = setInterval(() => {
              send(conn, 'ping', { ping: 1 }).catch(() => {
                // No pong: the connection is dead. Give it up at once (a close handshake on a
                // dead socket can take minutes) so that the next call opens a new one.
                if (conn.closed) return;
                failAll(conn, new DerivUnavailableError('Deriv did not answer a ping'));
                socket.close();
              });
            }, pingIntervalMs);
            conn.pingTimer.unref();
            settled = true;
            clearTimeout(connectTimer);
            resolve(conn);
          })
          // a refused authorize, or an answer we could not read (then the error is ours)
          .catch((error: unknown) => {
            if (!settled) {
              settled = true;
              clearTimeout(connectTimer);
              reject(error);
            }
            socket.close();
          });
      });
    });
  }

  async function connection(): Promise<Connection> {
    const existing = current;
    if (existing) {
      // Callers waiting on the same opening share its outcome (one authorize, not one each).
      const conn = await existing;
      if (!conn.closed) return conn;
      if (current === existing) current = null;
      return connection();
    }
    const opening = open();
    current = opening;
    opening.catch(() => {
      if (current === opening) current = null;
    });
    return opening;
  }

  async function call(msgType: string, request: Json): Promise<Json> {
    const conn = await connection();
    const body = await send(conn, msgType, request);
    return body;
  }

  async function statement(query: DerivStatementQuery): Promise<DerivStatementPage> {
    const body = await call('statement', {
      statement: 1,
      description: 1,
      limit: Math.min(Math.max(query.limit, 0), 999),
      offset: Math.max(query.offset, 0),
      date_from: toEpochSeconds(query.from),
      ...(query.to ? { date_to: toEpochSeconds(query.to) } : {}),
      ...(query.actionType ? { action_type: query.actionType } : {}),
    });
    const raw = (body['statement'] ?? {}) as Json;
    const list = raw['transactions'];
    if (!Array.isArray(list)) {
      throw new DerivUnavailableError('the Deriv statement has no transaction list');
    }
    const transactions = list.map((item) => statementEntry(item as Json));
    return {
      count: typeof raw['count'] === 'number' ? raw['count'] : transactions.length,
      transactions,
    };
  }

  /**
   * Every statement line since `since` of one action type, oldest first, deduplicated by
   * transaction id (new lines arriving during the scan shift the offsets of the newest-first
   * pages: a line can come twice, never be missed).
   */
  async function scan(
    since: Date,
    actionType: 'deposit' | 'withdrawal',
  ): Promise<DerivStatementEntry[]> {
    const seen = new Map<number, DerivStatementEntry>();
    for (let page = 0; page < maxPages; page++) {
      const result = await statement({
        from: since,
        limit: pageSize,
        offset: page * pageSize,
        actionType,
      });
      for (const entry of result.transactions) seen.set(entry.transactionId, entry);
      if (result.transactions.length < pageSize) {
        return [...seen.values()].sort(
          (a, b) => a.time.getTime() - b.time.getTime() || a.transactionId - b.transactionId,
        );
      }
    }
    throw new DerivUnavailableError(
      `the Deriv statement since ${since.toISOString()} has more than ${maxPages} pages`,
    );
  }

  return {
    async account() {
      const conn = await connection();
      return { ...conn.account! };
    },

    async balance() {
      const body = await call('balance', { balance: 1 });
      const raw = (body['balance'] ?? {}) as Json;
      return {
        balance: decimalFromNumber(num(raw['balance'], 'a balance')),
        currency: String(raw['currency'] ?? ''),
        loginId: String(raw['loginid'] ?? ''),
      };
    },

    async transfer(request): Promise<DerivTransferResult> {
      const description = request.description.trim();
      if (!DESCRIPTION_PATTERN.test(description)) {
        // Checked here so that an invalid marker never reaches Deriv (it would refuse it anyway).
        throw new DerivRejectedError(
          'paymentagent_transfer',
          'InputValidationFailed',
          `description ${JSON.stringify(description)} has characters Deriv refuses`,
        );
      }
      const body = await call('paymentagent_transfer', {
        paymentagent_transfer: 1,
        amount: amountToNumber(request.amount),
        currency: request.currency,
        transfer_to: request.to.toUpperCase(),
        description,
        dry_run: request.dryRun ? 1 : 0,
      });
      const status = body['paymentagent_transfer'];
      const clientFullName = String(body['client_to_full_name'] ?? '');
      const clientLoginId = String(body['client_to_loginid'] ?? request.to.toUpperCase());
      if (request.dryRun) {
        if (status !== 2) {
          throw new DerivUnavailableError(`Deriv answered ${String(status)} to a dry run`);
        }
        return { kind: 'dry_run_ok', clientFullName, clientLoginId };
      }
      if (status !== 1) {
        // Not Deriv's success, not Deriv's error: we cannot tell what happened.
        throw new DerivUnavailableError(`Deriv answered ${String(status)} to a transfer`);
      }
      return {
        kind: 'done',
        transactionId: num(body['transaction_id'], 'a transaction_id'),
        clientFullName,
        clientLoginId,
      };
    },

    statement,

    async findTransfer(description, since) {
      const wanted = description.trim();
      const entries = await scan(since, 'withdrawal');
      const found: DerivOutgoingTransfer[] = [];
      for (const entry of entries) {
        const parsed = parseOutgoingLongcode(entry.longcode);
        if (parsed ? parsed.note !== wanted : !carriesMarker(entry.longcode, wanted)) continue;
        // A line whose text we cannot parse but that carries the marker still counts: were
        // Deriv to reword its longcode, the look-up must answer "paid", not "nothing found".
        found.push({
          transactionId: entry.transactionId,
          toLoginId: parsed?.toLoginId ?? entry.toLoginId,
          amount: entry.amount.replace(/^-/, ''),
          time: entry.time,
          note: parsed?.note ?? wanted,
          reference: parsed?.reference ?? null,
          longcode: entry.longcode,
        });
      }
      return found;
    },

    async incomingTransfers(since) {
      const entries = await scan(since, 'deposit');
      const found: DerivIncomingTransfer[] = [];
      for (const entry of entries) {
        const parsed = parseIncomingLongcode(entry.longcode);
        const fromLoginId = parsed?.fromLoginId ?? entry.fromLoginId;
        if (!fromLoginId || entry.amount.startsWith('-')) continue;
        found.push({
          transactionId: entry.transactionId,
          fromLoginId: fromLoginId.toUpperCase(),
          amount: entry.amount,
          time: entry.time,
          note: parsed?.note ?? '',
          reference: parsed?.reference ?? null,
          longcode: entry.longcode,
        });
      }
      return found;
    },

    async subscribeTransactions(handler): Promise<DerivSubscription> {
      const conn = await connection();
      const reqId = nextReqId; // send() takes this id
      const first = await new Promise<Json>((resolve, reject) => {
        conn.subscriptions.set(reqId, (body) => {
          const raw = body['transaction'] as Json | undefined;
          if (!raw || typeof raw['transaction_id'] !== 'number') return;
          // A push is a hint (the statement stays the record): a malformed one, or a handler
          // that throws, must not throw out of the socket's message listener.
          try {
            handler({
              transactionId: raw['transaction_id'],
              action: String(raw['action'] ?? ''),
              amount: decimalFromNumber(num(raw['amount'] ?? 0, 'an amount')),
              balance: decimalFromNumber(num(raw['balance'] ?? 0, 'a balance')),
              currency: String(raw['currency'] ?? ''),
              time: new Date(num(raw['transaction_time'] ?? 0, 'a transaction_time') * 1000),
              longcode: String(raw['longcode'] ?? ''),
            });
          } catch (error) {
            console.warn('deriv: a transaction push was not handled', error);
          }
        });
        send(conn, 'transaction', { transaction: 1, subscribe: 1 }).then(resolve, (error) => {
          conn.subscriptions.delete(reqId);
          reject(error);
        });
      });
      const id = String((first['subscription'] as Json | undefined)?.['id'] ?? '');
      return {
        id,
        async unsubscribe() {
          conn.subscriptions.delete(reqId);
          if (conn.closed || !id) return;
          await send(conn, 'forget', { forget: id });
        },
      };
    },

    async close() {
      const opening = current;
      current = null;
      const conn = opening ? await opening.catch(() => null) : null;
      if (!conn || conn.closed) return;
      await new Promise<void>((resolve) => {
        conn.socket.addEventListener('close', () => resolve(), { once: true });
        conn.socket.close(1000, 'closed by the client');
      });
    },
  };
}
