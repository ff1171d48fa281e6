import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DepositRecord, ExchangeCoin, WithdrawRecord } from '../adapters/exchange/exchange.ts';
import { FakeServer } from './fake-server.ts';

/**
 * What the next requests meet:
 * - ok: normal answers
 * - reject: every matching request answers `status` with `{ code, msg }`
 * - timeout: the request is read and never answered
 * - slow: answered normally after `ms`
 * - crash-after-submit: a withdrawal is recorded, then the connection is dropped without answer
 */
export type FakeMode =
  | { kind: 'ok' }
  | { kind: 'reject'; status?: number; code?: number; msg?: string }
  | { kind: 'timeout' }
  | { kind: 'slow'; ms: number }
  | { kind: 'crash-after-submit' };

export interface FakeExchangeOptions {
  apiKey?: string;
  apiSecret?: string;
  coins?: ExchangeCoin[];
  tickers?: Record<string, string>;
  /**
   * manual (default): a withdrawal stays processing until completeWithdrawal(); immediate: it is
   * completed (with a transaction id) as soon as it is applied (the development demo)
   */
  withdrawalSettlement?: 'manual' | 'immediate';
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
}

const ERR = {
  badKey: { status: 401, code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
  badSignature: { status: 400, code: -1022, msg: 'Signature for this request is not valid.' },
  timestamp: {
    status: 400,
    code: -1021,
    msg: 'Timestamp for this request is outside of the recvWindow.',
  },
  badSymbol: { status: 400, code: -1121, msg: 'Invalid symbol.' },
  mandatory: (name: string) => ({
    status: 400,
    code: -1102,
    msg: `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
  }),
  // The exchange documents no code of its own for this refusal: callers must treat any rejection
  // of an apply as final and look the withdrawal up by withdrawOrderId (never re-apply blindly).
  duplicate: { status: 400, code: -4013, msg: 'Duplicate withdrawOrderId.' },
  window: { status: 400, code: -1127, msg: 'More than 2160 hours between startTime and endTime.' },
  badParam: (name: string) => ({
    status: 400,
    code: -1100,
    msg: `Illegal characters found in parameter '${name}'; legal range is '^[0-9]{1,20}$'.`,
  }),
  balance: { status: 400, code: -4026, msg: 'Insufficient balance.' },
  network: { status: 400, code: -4019, msg: 'The network is not enabled for withdrawals.' },
} as const;

/** A coin in the capital config shape with sensible defaults; override any field. */
export function fakeCoin(
  coin: string,
  networks: Partial<ExchangeCoin['networkList'][number]>[],
  overrides: Partial<Omit<ExchangeCoin, 'networkList'>> = {},
): ExchangeCoin {
  return {
    coin,
    name: coin,
    depositAllEnable: true,
    withdrawAllEnable: true,
    free: '0',
    locked: '0',
    freeze: '0',
    withdrawing: '0',
    ipoable: '0',
    ipoing: '0',
    storage: '0',
    isLegalMoney: false,
    trading: true,
    ...overrides,
    networkList: networks.map((n, index) => ({
      network: n.network ?? coin,
      coin,
      name: n.name ?? n.network ?? coin,
      isDefault: index === 0,
      depositEnable: true,
      withdrawEnable: true,
      withdrawFee: '1',
      withdrawMin: '10',
      withdrawMax: '100000',
      minConfirm: 1,
      estimatedArrivalTime: 5,
      addressRegex: '',
      memoRegex: '',
      sameAddress: false,
      specialTips: '',
      contractAddress: '',
      busy: false,
      ...n,
    })),
  };
}

/** What a test says of a deposit: a new one (coin, network, amount, address), or changes to one. */
export interface FakeDeposit {
  /** the deposit's id (a new random one when absent); an existing id changes that deposit */
  id?: string;
  coin?: string;
  /** the exchange's network code (TRX, BSC, ETH...) */
  network?: string;
  amount?: string;
  address?: string;
  addressTag?: string;
  txId?: string;
  /** 0 pending (the default of a new deposit), 1 success, 2 rejected, 6, 7 wrong, 8 */
  status?: number;
  /** [seen, required]: written as confirmTimes "seen/required" */
  confirmations?: [number, number];
  unlockConfirm?: number;
  insertTime?: Date;
}

const DAY_MS = 24 * 3_600_000;

/**
 * A local stand-in for the exchange (Binance's REST format) on 127.0.0.1 and a random port:
 * public ticker, capital config, withdraw apply and history. Signed endpoints check the API key
 * and the HMAC-SHA256 signature like the exchange; balances and withdrawals live in memory;
 * a second withdrawal with the same withdrawOrderId is refused. Failure modes are switched
 * from the test with `setMode`.
 */
export class FakeExchange {
  readonly apiKey: string;
  readonly apiSecret: string;
  coins: ExchangeCoin[];
  tickers: Map<string, string>;
  readonly withdrawals: WithdrawRecord[] = [];
  readonly deposits: DepositRecord[] = [];
  readonly requests: RecordedRequest[] = [];
  private readonly withdrawalSettlement: 'manual' | 'immediate';
  /** listening, sockets, timers and the mode (for every path or exactly one) */
  private readonly server = new FakeServer<FakeMode>('fake exchange', { kind: 'ok' });
  url = '';

  constructor(options: FakeExchangeOptions = {}) {
    this.apiKey = options.apiKey ?? `key-${randomUUID()}`;
    this.apiSecret = options.apiSecret ?? `secret-${randomUUID()}`;
    this.coins = options.coins ?? [];
    this.tickers = new Map(Object.entries(options.tickers ?? {}));
    this.withdrawalSettlement = options.withdrawalSettlement ?? 'manual';
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ code: -1000, msg: String(error) }));
      });
    });
    this.url = `http://127.0.0.1:${await this.server.listen(server)}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.server.close();
  }

  /** Switches the failure mode, for every path or only `path` (e.g. '/sapi/v1/capital/withdraw/apply'). */
  setMode(mode: FakeMode, path?: string): void {
    this.server.setMode(mode, path);
  }

  setTicker(symbol: string, price: string): void {
    this.tickers.set(symbol, price);
  }

  balanceOf(coin: string): string {
    return this.coins.find((c) => c.coin === coin)?.free ?? '0';
  }

  /** Marks a withdrawal completed with a transaction id (as the chain confirms it). */
  completeWithdrawal(id: string, txId = `0x${randomUUID().replaceAll('-', '')}`): void {
    const found = this.withdrawals.find((w) => w.id === id);
    if (!found) throw new Error(`fake exchange: no withdrawal ${id}`);
    found.status = 6;
    found.txId = txId;
    found.completeTime = new Date().toISOString().replace('T', ' ').slice(0, 19);
  }

  /**
   * Adds a deposit to the account's history, or changes one (by `id`): confirmations growing,
   * the status turning to success (1), rejected (2) or wrong (7). Answers the record as listed.
   */
  deposit(change: FakeDeposit): DepositRecord {
    const confirmTimes = change.confirmations
      ? `${change.confirmations[0]}/${change.confirmations[1]}`
      : undefined;
    const found = change.id ? this.deposits.find((d) => d.id === change.id) : undefined;
    if (found) {
      if (change.status !== undefined) found.status = change.status;
      if (confirmTimes) found.confirmTimes = confirmTimes;
      if (change.unlockConfirm !== undefined) found.unlockConfirm = change.unlockConfirm;
      if (change.txId) found.txId = change.txId;
      if (found.status === 1 && found.completeTime === undefined) found.completeTime = Date.now();
      return found;
    }
    if (!change.coin || !change.network || !change.amount || !change.address) {
      throw new Error('fake exchange: a new deposit needs coin, network, amount and address');
    }
    const record: DepositRecord = {
      id: change.id ?? String(Math.floor(Math.random() * 1e15)),
      amount: change.amount,
      coin: change.coin,
      network: change.network,
      status: change.status ?? 0,
      address: change.address,
      addressTag: change.addressTag ?? '',
      txId: change.txId ?? `${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`,
      insertTime: (change.insertTime ?? new Date()).getTime(),
      transferType: 0,
      confirmTimes: confirmTimes ?? '0/1',
      unlockConfirm: change.unlockConfirm ?? 0,
      walletType: 0,
      ...(change.status === 1 ? { completeTime: Date.now() } : {}),
    };
    this.deposits.push(record);
    return record;
  }

  /**
   * The deposit history as the exchange answers it: newest first, filtered by coin, status and
   * the window (endTime defaults to now, startTime to 90 days before it; a window of 90 days or
   * more is refused with -1127), then offset and limit (default and maximum 1000).
   */
  private depositHistory(
    query: URLSearchParams,
  ): { error: { status: number; code: number; msg: string } } | { list: DepositRecord[] } {
    const number = (name: string): number | null | 'bad' => {
      const value = query.get(name);
      if (value === null || value === '') return null;
      return /^[0-9]{1,20}$/.test(value) ? Number(value) : 'bad';
    };
    const values: Record<string, number | null> = {};
    for (const name of ['startTime', 'endTime', 'offset', 'limit', 'status']) {
      const value = number(name);
      if (value === 'bad') return { error: ERR.badParam(name) };
      values[name] = value;
    }
    const end = values.endTime ?? Date.now();
    const start = values.startTime ?? end - 90 * DAY_MS;
    if (end - start >= 90 * DAY_MS || end < start) return { error: ERR.window };
    const limit = Math.min(values.limit ?? 1000, 1000);
    const offset = values.offset ?? 0;
    const coin = query.get('coin');
    const list = this.deposits
      .filter(
        (d) =>
          (!coin || d.coin === coin) &&
          (values.status === null || d.status === values.status) &&
          d.insertTime >= start &&
          d.insertTime <= end,
      )
      .sort((a, b) => b.insertTime - a.insertTime)
      .slice(offset, offset + limit);
    return { list: list.map((d) => ({ ...d })) };
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  }

  private fail(res: ServerResponse, error: { status: number; code: number; msg: string }): void {
    this.send(res, error.status, { code: error.code, msg: error.msg });
  }

  /** null when the key and signature are good; otherwise the exchange's error. */
  private checkSigned(req: IncomingMessage, rawQuery: string, query: URLSearchParams) {
    const key = req.headers['x-mbx-apikey'];
    if (key !== this.apiKey) return ERR.badKey;
    const match = /^(.*)&signature=([0-9a-fA-F]+)$/.exec(rawQuery);
    if (!match) return ERR.badSignature;
    const expected = createHmac('sha256', this.apiSecret).update(match[1]!).digest();
    const given = Buffer.from(match[2]!, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return ERR.badSignature;
    }
    const timestamp = Number(query.get('timestamp'));
    const recvWindow = Number(query.get('recvWindow') ?? 5000);
    if (!Number.isFinite(timestamp)) return ERR.mandatory('timestamp');
    if (timestamp > Date.now() + 1000 || Date.now() - timestamp > recvWindow) return ERR.timestamp;
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Drain the body (the client sends parameters in the query string).
    for await (const _chunk of req) void _chunk;
    const [path = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
    const query = new URLSearchParams(rawQuery);
    const header = req.headers['x-mbx-apikey'];
    this.requests.push({
      method: req.method ?? 'GET',
      path,
      query,
      apiKey: typeof header === 'string' ? header : undefined,
    });

    const mode = this.server.modeFor(path);
    if (mode.kind === 'timeout') return; // never answers; stop() destroys the socket
    if (mode.kind === 'slow') await this.server.delay(mode.ms);
    if (mode.kind === 'reject') {
      this.send(res, mode.status ?? 400, {
        code: mode.code ?? -1000,
        msg: mode.msg ?? 'An unknown error occurred while processing the request.',
      });
      return;
    }

    if (req.method === 'GET' && path === '/api/v3/ticker/price') {
      const symbol = query.get('symbol');
      if (!symbol) {
        this.send(
          res,
          200,
          [...this.tickers].map(([s, price]) => ({ symbol: s, price })),
        );
        return;
      }
      const price = this.tickers.get(symbol);
      if (price === undefined) return this.fail(res, ERR.badSymbol);
      return this.send(res, 200, { symbol, price });
    }

    const signedPaths = new Set([
      '/sapi/v1/capital/config/getall',
      '/sapi/v1/capital/withdraw/apply',
      '/sapi/v1/capital/withdraw/history',
      '/sapi/v1/capital/deposit/hisrec',
    ]);
    if (!signedPaths.has(path)) {
      return this.send(res, 404, { code: -1000, msg: `no route ${req.method} ${path}` });
    }
    const refused = this.checkSigned(req, rawQuery, query);
    if (refused) return this.fail(res, refused);

    if (req.method === 'GET' && path === '/sapi/v1/capital/config/getall') {
      return this.send(res, 200, this.coins);
    }
    if (req.method === 'GET' && path === '/sapi/v1/capital/deposit/hisrec') {
      const answer = this.depositHistory(query);
      if ('error' in answer) return this.fail(res, answer.error);
      return this.send(res, 200, answer.list);
    }
    if (req.method === 'GET' && path === '/sapi/v1/capital/withdraw/history') {
      const id = query.get('withdrawOrderId');
      const list = id ? this.withdrawals.filter((w) => w.withdrawOrderId === id) : this.withdrawals;
      return this.send(res, 200, list);
    }
    if (req.method === 'POST' && path === '/sapi/v1/capital/withdraw/apply') {
      for (const name of ['coin', 'address', 'amount']) {
        if (!query.get(name)) return this.fail(res, ERR.mandatory(name));
      }
      const coinCode = query.get('coin')!;
      const networkCode = query.get('network') ?? '';
      const amount = query.get('amount')!;
      const withdrawOrderId = query.get('withdrawOrderId') ?? undefined;
      if (withdrawOrderId && this.withdrawals.some((w) => w.withdrawOrderId === withdrawOrderId)) {
        return this.fail(res, ERR.duplicate);
      }
      const coin = this.coins.find((c) => c.coin === coinCode);
      const network = coin?.networkList.find((n) => n.network === networkCode) ?? null;
      if (!coin || (networkCode && (!network || !network.withdrawEnable))) {
        return this.fail(res, ERR.network);
      }
      // Amounts as scaled integers (8 decimals) so the fake never uses binary floats on money.
      const scaled = (value: string) => {
        const [int = '0', frac = ''] = value.split('.');
        return BigInt(int) * 100_000_000n + BigInt((frac + '00000000').slice(0, 8));
      };
      const unscaled = (value: bigint) => {
        const int = value / 100_000_000n;
        const frac = (value % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
        return frac ? `${int}.${frac}` : `${int}`;
      };
      if (scaled(coin.free) < scaled(amount)) return this.fail(res, ERR.balance);
      coin.free = unscaled(scaled(coin.free) - scaled(amount));
      coin.withdrawing = unscaled(scaled(coin.withdrawing) + scaled(amount));
      const record: WithdrawRecord = {
        id: randomUUID().replaceAll('-', ''),
        amount,
        transactionFee: network?.withdrawFee ?? '0',
        coin: coinCode,
        network: networkCode,
        address: query.get('address')!,
        status: 4,
        applyTime: new Date().toISOString().replace('T', ' ').slice(0, 19),
        ...(withdrawOrderId ? { withdrawOrderId } : {}),
        ...(query.get('addressTag') ? { addressTag: query.get('addressTag')! } : {}),
      };
      this.withdrawals.push(record);
      if (this.withdrawalSettlement === 'immediate') this.completeWithdrawal(record.id);
      if (mode.kind === 'crash-after-submit') {
        req.socket.destroy();
        return;
      }
      return this.send(res, 200, { id: record.id });
    }
    return this.send(res, 405, { code: -1000, msg: `method ${req.method} not allowed` });
  }
}

/** Starts a fake exchange; stop it in afterAll. */
export async function startFakeExchange(options: FakeExchangeOptions = {}): Promise<FakeExchange> {
  return new FakeExchange(options).start();
}
