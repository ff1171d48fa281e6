import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { FakeServer } from './fake-server.ts';

/**
 * A local stand-in for Deriv's WebSocket API v3 (ws://127.0.0.1:<port>/websockets/v3?app_id=…),
 * speaking its JSON: `req_id` echoed, `echo_req`, `msg_type`, `error: { code, message, details? }`.
 * It knows authorize, ping, balance, statement, paymentagent_transfer, transaction (subscribe)
 * and forget, over accounts held in memory, with the statement lines and longcodes Deriv writes
 * for payment-agent transfers. Runs in tests and, later, in-process for the development demo:
 * it must not import from test/ or vitest. Decision 038.
 */

/**
 * What the next requests meet (for the msg_type given to setMode, or for every call but
 * authorize and ping when none):
 * - ok: normal answers
 * - reject: answers Deriv's error `{ code, message }`
 * - timeout: the request is read and never answered
 * - slow: answered normally after `ms`
 * - crash-after-submit: a transfer is applied, then the socket is closed without an answer
 *   (other calls: the socket is closed without an answer)
 * - drop-connection: the socket is closed on receipt, nothing applied
 */
export type FakeDerivMode =
  | { kind: 'ok' }
  | { kind: 'reject'; code?: string; message?: string }
  | { kind: 'timeout' }
  | { kind: 'slow'; ms: number }
  | { kind: 'crash-after-submit' }
  | { kind: 'drop-connection' };

export interface FakeDerivAccountInit {
  loginid: string;
  fullName: string;
  currency: string;
  /** decimal string or number */
  balance: string | number;
  /** API token of this account (customers: to test their side; the agent's is agentToken) */
  token?: string;
}

export interface FakeDerivOptions {
  agentToken: string;
  agentLoginId: string;
  /** the payment agent's name in longcodes (default: the agent account's full name) */
  agentName?: string;
  /** every account, the agent's included */
  accounts: FakeDerivAccountInit[];
  /** clock of transaction times (default the real one) */
  now?: () => Date;
  /** port to listen on, 127.0.0.1 (default random) */
  port?: number;
  /**
   * Writes the longcode of an agent → customer transfer instead of Deriv's text (to test a
   * client against a reworded statement).
   */
  outgoingLongcode?: (parts: {
    agentName: string;
    to: string;
    reference: string;
    timestamp: string;
    note: string;
  }) => string;
}

export interface FakeDerivStatementLine {
  action_type: string;
  amount: number;
  balance_after: number;
  transaction_id: number;
  transaction_time: number;
  reference_id: number | null;
  longcode: string;
  shortcode: null;
  contract_id: null;
  payout: null;
  app_id: number | null;
}

export interface FakeDerivTransfer {
  /** the agent side's transaction id (what paymentagent_transfer answers) */
  transactionId: number;
  from: string;
  to: string;
  /** decimal string */
  amount: string;
  currency: string;
  description: string;
  reference: string;
  time: Date;
  /** agent → customer (paymentagent_transfer) or customer → agent (customerSends) */
  direction: 'agent_to_client' | 'client_to_agent';
}

export interface FakeDerivRequest {
  msgType: string;
  body: Record<string, unknown>;
  /** the account the connection was authorized for, null before authorize */
  loginid: string | null;
}

export interface FakeDeriv {
  /** ws://127.0.0.1:<port>/websockets/v3?app_id=1 */
  readonly url: string;
  close(): Promise<void>;
  setMode(mode: FakeDerivMode, msgType?: string): void;
  transfers(): FakeDerivTransfer[];
  requests(): FakeDerivRequest[];
  /** A customer pays the agent (as Deriv's paymentagent_withdraw): both statements get a line. */
  customerSends(from: string, amount: string, note?: string): FakeDerivTransfer;
  /** Opens a customer's account (the development demo's customers); an existing one is kept. */
  openAccount(init: FakeDerivAccountInit): void;
  balanceOf(loginid: string): string;
  statementOf(loginid: string): FakeDerivStatementLine[];
  /** open client sockets */
  connections(): number;
  /** closes every client socket (as Deriv does on a deploy or an idle timeout) */
  dropConnections(): void;
}

// Money as integers of 1e-8 so the fake never adds binary floats.
const SCALE = 100_000_000n;

function toUnits(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(8) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new TypeError(`fake Deriv: bad amount ${String(value)}`);
  const units = BigInt(match[2]!) * SCALE + BigInt((match[3] ?? '').padEnd(8, '0'));
  return match[1] ? -units : units;
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const int = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

function unitsToNumber(units: bigint): number {
  return Number(fromUnits(units));
}

function money(units: bigint, currency: string): string {
  const digits = /^(USD|EUR|GBP|AUD|BRL)$/.test(currency) ? 2 : 8;
  return Number(fromUnits(units)).toFixed(digits);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Deriv's longcode timestamp: 28-Nov-26 21:20:31GMT */
function derivTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(date.getUTCDate())}-${MONTHS[date.getUTCMonth()]}-${two(date.getUTCFullYear() % 100)} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}GMT`
  );
}

interface Account {
  loginid: string;
  fullName: string;
  currency: string;
  balance: bigint;
  token: string | undefined;
  lines: FakeDerivStatementLine[];
}

interface Client {
  socket: WebSocket;
  loginid: string | null;
  subscriptions: Map<string, { reqId: unknown; echo: Record<string, unknown> }>;
}

type Answer = Record<string, unknown>;

class RequestError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

const PA_ERROR = 'PaymentAgentTransferError';

/** Starts a fake Deriv on 127.0.0.1; close it when done. */
export async function startFakeDeriv(options: FakeDerivOptions): Promise<FakeDeriv> {
  const now = options.now ?? (() => new Date());
  const accounts = new Map<string, Account>();
  for (const init of options.accounts) {
    accounts.set(init.loginid.toUpperCase(), {
      loginid: init.loginid.toUpperCase(),
      fullName: init.fullName,
      currency: init.currency,
      balance: toUnits(init.balance),
      token: init.token,
      lines: [],
    });
  }
  const agentLoginId = options.agentLoginId.toUpperCase();
  const agent = accounts.get(agentLoginId);
  if (!agent) throw new Error(`fake Deriv: the agent ${agentLoginId} is not among the accounts`);
  agent.token = options.agentToken;
  const agentName = options.agentName ?? agent.fullName;

  const transfers: FakeDerivTransfer[] = [];
  const requests: FakeDerivRequest[] = [];
  const clients = new Set<Client>();
  // Listening, sockets, timers and the mode: for one msg_type, or every one but authorize and ping.
  const fake = new FakeServer<FakeDerivMode>('fake Deriv', { kind: 'ok' }, (msgType, only) =>
    only === null ? msgType !== 'authorize' && msgType !== 'ping' : msgType === only,
  );
  let nextTransactionId = 10_000_001;
  let nextSubscription = 1;

  function accountByToken(token: string): Account | null {
    for (const account of accounts.values()) if (account.token === token) return account;
    return null;
  }

  function reply(client: Client, body: Answer): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(body));
  }

  function answer(request: Record<string, unknown>, msgType: string, result: Answer): Answer {
    return {
      echo_req: request,
      msg_type: msgType,
      ...(request['req_id'] !== undefined ? { req_id: request['req_id'] } : {}),
      ...result,
    };
  }

  function writeLine(
    account: Account,
    actionType: string,
    amount: bigint,
    longcode: string,
    time: Date,
  ): FakeDerivStatementLine {
    account.balance += amount;
    const line: FakeDerivStatementLine = {
      action_type: actionType,
      amount: unitsToNumber(amount),
      balance_after: unitsToNumber(account.balance),
      transaction_id: nextTransactionId++,
      transaction_time: Math.floor(time.getTime() / 1000),
      reference_id: null,
      longcode,
      shortcode: null,
      contract_id: null,
      payout: null,
      app_id: null,
    };
    account.lines.push(line);
    for (const client of clients) {
      if (client.loginid !== account.loginid) continue;
      for (const [id, sub] of client.subscriptions) {
        reply(client, {
          echo_req: sub.echo,
          msg_type: 'transaction',
          req_id: sub.reqId,
          subscription: { id },
          transaction: {
            action: actionType,
            amount: line.amount,
            balance: line.balance_after,
            currency: account.currency,
            id,
            longcode,
            transaction_id: line.transaction_id,
            transaction_time: line.transaction_time,
          },
        });
      }
    }
    return line;
  }

  function requireInteger1(request: Record<string, unknown>, field: string): void {
    if (request[field] !== 1) {
      throw new RequestError('InputValidationFailed', `Input validation failed: ${field}`, {
        [field]: 'Not in enum list: 1.',
      });
    }
  }

  function paymentagentTransfer(
    client: Client,
    request: Record<string, unknown>,
  ): { result: Answer; applied: boolean } {
    requireInteger1(request, 'paymentagent_transfer');
    for (const field of ['amount', 'currency', 'transfer_to']) {
      if (request[field] === undefined) {
        throw new RequestError('InputValidationFailed', `Input validation failed: ${field}`, {
          [field]: 'Missing property.',
        });
      }
    }
    const { amount, currency, transfer_to: transferTo } = request;
    const description = request['description'] ?? '';
    if (typeof amount !== 'number') {
      throw new RequestError('InputValidationFailed', 'Input validation failed: amount', {
        amount: 'Expected number - got string.',
      });
    }
    if (typeof transferTo !== 'string' || !/^[A-Za-z]+[0-9]+$/.test(transferTo)) {
      throw new RequestError('InputValidationFailed', 'Input validation failed: transfer_to', {
        transfer_to: 'String does not match pattern.',
      });
    }
    if (typeof currency !== 'string' || !/^[a-zA-Z0-9]{2,20}$/.test(currency)) {
      throw new RequestError('InputValidationFailed', 'Input validation failed: currency', {
        currency: 'String does not match pattern.',
      });
    }
    if (typeof description !== 'string' || !/^[0-9A-Za-z .,'-]{0,250}$/.test(description)) {
      throw new RequestError('InputValidationFailed', 'Input validation failed: description', {
        description: 'String does not match pattern.',
      });
    }
    const dryRun = request['dry_run'] === 1;
    const from = accounts.get(client.loginid!)!;
    if (from.loginid !== agentLoginId) {
      throw new RequestError(PA_ERROR, 'You are not authorized for transfers via payment agents.');
    }
    if (!(amount > 0) || !/^\d+(\.\d{1,2})?$/.test(String(amount))) {
      throw new RequestError(PA_ERROR, 'Invalid amount.');
    }
    const to = accounts.get(transferTo.toUpperCase());
    if (!to) {
      throw new RequestError(PA_ERROR, `Login ID (${transferTo.toUpperCase()}) does not exist.`);
    }
    if (to.loginid === from.loginid) {
      throw new RequestError(
        PA_ERROR,
        'Payment agent transfers are not allowed within the same account.',
      );
    }
    if (currency !== from.currency) {
      throw new RequestError(
        PA_ERROR,
        `You cannot perform this action, as ${currency} is not the default account currency for payment agent ${from.loginid}.`,
      );
    }
    if (currency !== to.currency) {
      throw new RequestError(
        PA_ERROR,
        `You cannot perform this action, as ${currency} is not the default account currency for client ${to.loginid}.`,
      );
    }
    if (dryRun) {
      return {
        applied: false,
        result: {
          paymentagent_transfer: 2,
          client_to_full_name: to.fullName,
          client_to_loginid: to.loginid,
        },
      };
    }
    const units = toUnits(amount);
    if (from.balance < units) {
      throw new RequestError(
        PA_ERROR,
        `Sorry, you cannot withdraw. Your account balance is ${currency} ${money(from.balance, currency)}.`,
      );
    }
    const time = now();
    const reference = randomUUID().toUpperCase();
    const note = description.trim();
    const timestamp = derivTimestamp(time);
    const longcode = options.outgoingLongcode
      ? options.outgoingLongcode({ agentName, to: to.loginid, reference, timestamp, note })
      : `Transfer from Payment Agent ${agentName} to ${to.loginid}. Transaction reference: ${reference}. ` +
        `Timestamp: ${timestamp}.${note ? ` Agent note: ${note}` : ''}`;
    const agentLine = writeLine(from, 'withdrawal', -units, longcode, time);
    writeLine(to, 'deposit', units, longcode, time);
    transfers.push({
      transactionId: agentLine.transaction_id,
      from: from.loginid,
      to: to.loginid,
      amount: fromUnits(units),
      currency,
      description: note,
      reference,
      time,
      direction: 'agent_to_client',
    });
    return {
      applied: true,
      result: {
        paymentagent_transfer: 1,
        client_to_full_name: to.fullName,
        client_to_loginid: to.loginid,
        transaction_id: agentLine.transaction_id,
      },
    };
  }

  function statement(client: Client, request: Record<string, unknown>): Answer {
    requireInteger1(request, 'statement');
    const account = accounts.get(client.loginid!)!;
    const limit = typeof request['limit'] === 'number' ? request['limit'] : 100;
    const offset = typeof request['offset'] === 'number' ? request['offset'] : 0;
    if (limit < 0 || limit > 999) {
      throw new RequestError('InputValidationFailed', 'Input validation failed: limit', {
        limit: 'Must be less than or equal to 999.',
      });
    }
    const dateFrom = typeof request['date_from'] === 'number' ? request['date_from'] : 0;
    const dateTo = typeof request['date_to'] === 'number' ? request['date_to'] : Infinity;
    const actionType = request['action_type'];
    const withDescription = request['description'] === 1;
    const lines = account.lines
      .filter(
        (line) =>
          line.transaction_time >= dateFrom &&
          line.transaction_time <= dateTo &&
          (actionType === undefined || line.action_type === actionType),
      )
      .sort(
        (a, b) => b.transaction_time - a.transaction_time || b.transaction_id - a.transaction_id,
      )
      .slice(offset, offset + limit)
      .map((line) => {
        if (withDescription) return { ...line };
        const { longcode: _longcode, shortcode: _shortcode, ...rest } = line;
        return rest;
      });
    return { statement: { count: lines.length, transactions: lines } };
  }

  function handle(
    client: Client,
    request: Record<string, unknown>,
  ): { result: Answer; applied: boolean } | null {
    if (request['authorize'] !== undefined) {
      const token = request['authorize'];
      const account = typeof token === 'string' ? accountByToken(token) : null;
      if (!account) throw new RequestError('InvalidToken', 'The token is invalid.');
      client.loginid = account.loginid;
      const scopes =
        account.loginid === agentLoginId ? ['read', 'payments', 'trading_information'] : ['read'];
      return {
        applied: false,
        result: {
          authorize: {
            account_list: [
              {
                loginid: account.loginid,
                currency: account.currency,
                is_virtual: 0,
                is_disabled: 0,
              },
            ],
            balance: unitsToNumber(account.balance),
            country: 'br',
            currency: account.currency,
            email: `${account.loginid.toLowerCase()}@example.test`,
            fullname: account.fullName,
            is_virtual: 0,
            landing_company_fullname: 'Deriv (SVG) LLC',
            landing_company_name: 'svg',
            loginid: account.loginid,
            scopes,
            user_id: Number(account.loginid.replace(/\D/g, '')) || 1,
          },
        },
      };
    }
    if (request['ping'] !== undefined) return { applied: false, result: { ping: 'pong' } };
    if (client.loginid === null) throw new RequestError('AuthorizationRequired', 'Please log in.');
    if (request['balance'] !== undefined) {
      const account = accounts.get(client.loginid)!;
      return {
        applied: false,
        result: {
          balance: {
            balance: unitsToNumber(account.balance),
            currency: account.currency,
            loginid: account.loginid,
          },
        },
      };
    }
    if (request['statement'] !== undefined)
      return { applied: false, result: statement(client, request) };
    if (request['paymentagent_transfer'] !== undefined)
      return paymentagentTransfer(client, request);
    if (request['transaction'] !== undefined) {
      requireInteger1(request, 'transaction');
      requireInteger1(request, 'subscribe');
      const id = `fake-sub-${nextSubscription++}`;
      const { req_id: _reqId, ...echo } = request;
      client.subscriptions.set(id, { reqId: request['req_id'], echo });
      return { applied: false, result: { subscription: { id }, transaction: {} } };
    }
    if (request['forget'] !== undefined) {
      const removed = client.subscriptions.delete(String(request['forget']));
      return { applied: false, result: { forget: removed ? 1 : 0 } };
    }
    return null;
  }

  function msgTypeOf(request: Record<string, unknown>): string {
    for (const key of [
      'authorize',
      'ping',
      'balance',
      'statement',
      'paymentagent_transfer',
      'transaction',
      'forget',
    ]) {
      if (request[key] !== undefined) return key;
    }
    return Object.keys(request).find((key) => key !== 'req_id' && key !== 'passthrough') ?? 'error';
  }

  async function onMessage(client: Client, data: string): Promise<void> {
    let request: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(data);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      request = parsed as Record<string, unknown>;
    } catch {
      reply(client, {
        echo_req: {},
        msg_type: 'error',
        error: { code: 'BadRequest', message: 'The request is not a JSON object.' },
      });
      return;
    }
    const msgType = msgTypeOf(request);
    requests.push({ msgType, body: request, loginid: client.loginid });
    const active = fake.modeFor(msgType);
    if (active.kind === 'timeout') return;
    if (active.kind === 'drop-connection') {
      client.socket.terminate();
      return;
    }
    if (active.kind === 'slow') await fake.delay(active.ms);
    if (active.kind === 'reject') {
      reply(
        client,
        answer(request, msgType, {
          error: {
            code: active.code ?? 'PaymentAgentTransferError',
            message: active.message ?? 'Sorry, an error occurred whilst processing your request.',
          },
        }),
      );
      return;
    }
    let outcome: { result: Answer; applied: boolean } | null;
    try {
      outcome = handle(client, request);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (active.kind === 'crash-after-submit') {
        client.socket.terminate();
        return;
      }
      reply(
        client,
        answer(request, msgType, {
          error: {
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
          },
        }),
      );
      return;
    }
    if (active.kind === 'crash-after-submit') {
      client.socket.terminate();
      return;
    }
    if (!outcome) {
      reply(
        client,
        answer(request, msgType, {
          error: { code: 'UnrecognisedRequest', message: 'Unrecognised request.' },
        }),
      );
      return;
    }
    reply(client, answer(request, msgType, outcome.result));
  }

  const server: Server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/websockets/v3' || !/^\d+$/.test(url.searchParams.get('app_id') ?? '')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { socket: ws, loginid: null, subscriptions: new Map() };
      clients.add(client);
      ws.on('close', () => clients.delete(client));
      ws.on('error', () => clients.delete(client));
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        onMessage(client, String(data)).catch(() => client.socket.terminate());
      });
    });
  });
  const port = await fake.listen(server, options.port);
  const url = `ws://127.0.0.1:${port}/websockets/v3?app_id=1`;

  function account(loginid: string): Account {
    const found = accounts.get(loginid.toUpperCase());
    if (!found) throw new Error(`fake Deriv: no account ${loginid}`);
    return found;
  }

  return {
    url,

    async close() {
      await fake.close(async () => {
        for (const client of clients) client.socket.terminate();
        clients.clear();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      });
    },

    setMode(next, msgType) {
      fake.setMode(next, msgType);
    },

    transfers: () => transfers.map((t) => ({ ...t })),

    requests: () => requests.map((r) => ({ ...r })),

    customerSends(fromLoginId, amount, note = '') {
      const from = account(fromLoginId);
      if (from.loginid === agentLoginId) throw new Error('fake Deriv: the agent cannot pay itself');
      if (from.currency !== agent.currency) throw new Error('fake Deriv: currencies differ');
      const units = toUnits(amount);
      if (units <= 0n || from.balance < units) throw new Error('fake Deriv: bad amount or balance');
      const time = now();
      const reference = randomUUID().toUpperCase();
      const longcode =
        `Transfer from ${from.loginid} to Payment Agent ${agentName} Transaction reference: ${reference} ` +
        `Timestamp: ${derivTimestamp(time)}${note ? `. Client note: ${note}` : ''}`;
      writeLine(from, 'withdrawal', -units, longcode, time);
      const agentLine = writeLine(agent, 'deposit', units, longcode, time);
      const transfer: FakeDerivTransfer = {
        transactionId: agentLine.transaction_id,
        from: from.loginid,
        to: agentLoginId,
        amount: fromUnits(units),
        currency: agent.currency,
        description: note,
        reference,
        time,
        direction: 'client_to_agent',
      };
      transfers.push(transfer);
      return { ...transfer };
    },

    openAccount(init) {
      const loginid = init.loginid.toUpperCase();
      if (accounts.has(loginid)) return;
      accounts.set(loginid, {
        loginid,
        fullName: init.fullName,
        currency: init.currency,
        balance: toUnits(init.balance),
        token: init.token,
        lines: [],
      });
    },

    balanceOf: (loginid) => fromUnits(account(loginid).balance),

    statementOf: (loginid) => account(loginid).lines.map((line) => ({ ...line })),

    connections: () => clients.size,

    dropConnections() {
      for (const client of clients) client.socket.terminate();
    },
  };
}
