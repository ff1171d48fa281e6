import { createHmac } from 'node:crypto';

export type QueryValue = string | number | boolean;

/** `a=1&b=2` in the given order, values URL-encoded as the exchange expects. */
export function toQueryString(params: Record<string, QueryValue | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, QueryValue] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** HMAC-SHA256 of the query string with the API secret, lower-case hex (Binance SIGNED endpoints). */
export function signature(queryString: string, secret: string): string {
  return createHmac('sha256', secret).update(queryString).digest('hex');
}

/**
 * The query string of a signed request: the parameters, `recvWindow` and `timestamp`, then
 * `signature` over everything before it.
 */
export function signedQuery(
  params: Record<string, QueryValue | undefined>,
  secret: string,
  options: { timestamp: number; recvWindow: number },
): string {
  const query = toQueryString({
    ...params,
    recvWindow: options.recvWindow,
    timestamp: options.timestamp,
  });
  return `${query}&signature=${signature(query, secret)}`;
}
