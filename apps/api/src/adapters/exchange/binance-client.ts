import type { AppConfig } from '../../config.ts';
import {
  ExchangeNotConfiguredError,
  ExchangeRejectedError,
  ExchangeTimeoutError,
  ExchangeUnavailableError,
} from './exchange.ts';
import type {
  DepositRecord,
  ExchangeClient,
  ExchangeCoin,
  WithdrawRecord,
  WithdrawRequest,
} from './exchange.ts';
import { signedQuery, toQueryString } from './signer.ts';
import type { QueryValue } from './signer.ts';

export interface BinanceClientOptions {
  apiUrl: string;
  apiKey?: string | undefined;
  apiSecret?: string | undefined;
  /** per request, including the body (default 10 s) */
  timeoutMs?: number;
  /** recvWindow of signed requests (default 5000 ms) */
  recvWindow?: number;
  /** clock of the `timestamp` parameter */
  now?: () => Date;
  fetch?: typeof fetch;
}

interface BinanceErrorBody {
  code: number;
  msg: string;
}

function isBinanceError(body: unknown): body is BinanceErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    typeof (body as { msg?: unknown }).msg === 'string'
  );
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * The exchange over HTTP in Binance's format: public ticker, signed capital endpoints (HMAC-SHA256
 * of the query string, `X-MBX-APIKEY` header, `timestamp` and `recvWindow`). Every failure is a
 * typed ExchangeError: rejected (the exchange's code and message), timeout, unavailable.
 */
export function createBinanceClient(options: BinanceClientOptions): ExchangeClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const recvWindow = options.recvWindow ?? 5000;
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const { apiKey, apiSecret } = options;
  const signed = Boolean(apiKey && apiSecret);

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, QueryValue | undefined>,
    sign: boolean,
  ): Promise<T> {
    let query: string;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (sign) {
      if (!apiKey || !apiSecret) throw new ExchangeNotConfiguredError();
      query = signedQuery(params, apiSecret, { timestamp: now().getTime(), recvWindow });
      headers['x-mbx-apikey'] = apiKey;
    } else {
      query = toQueryString(params);
    }
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method, headers, signal });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error) || signal.aborted) {
        throw new ExchangeTimeoutError(path, timeoutMs, { cause: error });
      }
      throw new ExchangeUnavailableError(`the exchange could not be reached (${path})`, null, {
        cause: error,
      });
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch (error) {
      throw new ExchangeUnavailableError(
        `the exchange answered ${response.status} without JSON (${path})`,
        response.status,
        { cause: error },
      );
    }
    if (response.status >= 500) {
      throw new ExchangeUnavailableError(
        `the exchange answered ${response.status} (${path})`,
        response.status,
      );
    }
    if (!response.ok) {
      if (isBinanceError(body))
        throw new ExchangeRejectedError(response.status, body.code, body.msg);
      throw new ExchangeRejectedError(response.status, 0, `HTTP ${response.status}`);
    }
    return body as T;
  }

  return {
    signed,

    async tickerPrice(symbol) {
      const body = await call<{ symbol: string; price: string }>(
        'GET',
        '/api/v3/ticker/price',
        { symbol },
        false,
      );
      if (typeof body?.price !== 'string') {
        throw new ExchangeUnavailableError(`the ticker of ${symbol} has no price`, 200);
      }
      return body.price;
    },

    async capitalConfig() {
      const body = await call<ExchangeCoin[]>('GET', '/sapi/v1/capital/config/getall', {}, true);
      if (!Array.isArray(body)) {
        throw new ExchangeUnavailableError('the capital config is not a list', 200);
      }
      return body;
    },

    async withdrawApply(request: WithdrawRequest) {
      const body = await call<{ id: string }>(
        'POST',
        '/sapi/v1/capital/withdraw/apply',
        {
          coin: request.coin,
          network: request.network,
          address: request.address,
          addressTag: request.addressTag || undefined,
          amount: request.amount,
          withdrawOrderId: request.withdrawOrderId,
        },
        true,
      );
      if (typeof body?.id !== 'string') {
        throw new ExchangeUnavailableError('the withdrawal answer has no id', 200);
      }
      return { id: body.id };
    },

    async withdrawHistory(query) {
      const body = await call<WithdrawRecord[]>(
        'GET',
        '/sapi/v1/capital/withdraw/history',
        { withdrawOrderId: query.withdrawOrderId },
        true,
      );
      if (!Array.isArray(body)) {
        throw new ExchangeUnavailableError('the withdrawal history is not a list', 200);
      }
      return body.filter((record) => record.withdrawOrderId === query.withdrawOrderId);
    },

    async depositHistory(query) {
      const body = await call<unknown>(
        'GET',
        '/sapi/v1/capital/deposit/hisrec',
        {
          coin: query.coin,
          startTime: query.startTime,
          endTime: query.endTime,
          offset: query.offset,
          limit: query.limit,
        },
        true,
      );
      if (!Array.isArray(body)) {
        throw new ExchangeUnavailableError('the deposit history is not a list', 200);
      }
      return body.map(depositRecordOf);
    },
  };
}

/**
 * One deposit as the exchange wrote it, checked field by field: an entry without an id, an
 * amount, a coin or a status is not something money may be decided on (the whole answer is
 * refused as the exchange's malfunction, and read again on the next run).
 */
function depositRecordOf(entry: unknown): DepositRecord {
  const raw = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  const int = (value: unknown) => {
    const number = typeof value === 'string' ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
  };
  const id = text(raw.id);
  const amount = text(raw.amount);
  const coin = text(raw.coin);
  const status = int(raw.status);
  const insertTime = int(raw.insertTime);
  if (
    !id ||
    !amount ||
    !/^\d+(\.\d+)?$/.test(amount) ||
    !coin ||
    status === undefined ||
    insertTime === undefined
  ) {
    throw new ExchangeUnavailableError(
      'a deposit of the history lacks its id, amount or status',
      200,
    );
  }
  const record: DepositRecord = {
    id,
    amount,
    coin,
    network: text(raw.network) ?? '',
    status,
    address: text(raw.address) ?? '',
    insertTime,
  };
  const addressTag = text(raw.addressTag);
  if (addressTag) record.addressTag = addressTag;
  const txId = text(raw.txId);
  if (txId) record.txId = txId;
  const completeTime = int(raw.completeTime);
  if (completeTime !== undefined) record.completeTime = completeTime;
  const transferType = int(raw.transferType);
  if (transferType !== undefined) record.transferType = transferType;
  const confirmTimes = text(raw.confirmTimes);
  if (confirmTimes) record.confirmTimes = confirmTimes;
  const unlockConfirm = int(raw.unlockConfirm);
  if (unlockConfirm !== undefined) record.unlockConfirm = unlockConfirm;
  const walletType = int(raw.walletType);
  if (walletType !== undefined) record.walletType = walletType;
  return record;
}

/** The app's exchange client from its configuration (EXCHANGE_API_URL, _KEY, _SECRET). */
export function exchangeClientFromConfig(
  config: AppConfig['exchange'],
  options: Pick<BinanceClientOptions, 'timeoutMs' | 'now' | 'recvWindow'> = {},
): ExchangeClient {
  return createBinanceClient({
    apiUrl: config.apiUrl,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    ...options,
  });
}
