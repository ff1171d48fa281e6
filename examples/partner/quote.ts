/**
 * A typed client of the API, generated from its OpenAPI document (decision 058): the paths,
 * inputs and answers below are checked by `npm run typecheck` against examples/partner/api-types.d.ts
 * (`npm run openapi:types` writes it from the routes). Run it against an installation:
 *
 *   PERMUTA_URL=http://localhost:3000 node examples/partner/quote.ts PIX USDT 100 TRC20
 *
 * The partner integration (API keys under /api/v1/partner/*, `Authorization: Bearer`, signed
 * webhooks) is next to it, on the same generated types: examples/partner/integration.ts.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './api-types.d.ts';

export type Quote = components['schemas']['Quote'];
export type RatesFeed = components['schemas']['RatesFeed'];

export function permutaClient(baseUrl: string) {
  return createClient<paths>({ baseUrl });
}

/** What `amount` of `send` buys of `receive` now (nothing is reserved). */
export async function quote(
  client: ReturnType<typeof permutaClient>,
  input: { send: string; receive: string; amount: string; network?: string },
): Promise<Quote> {
  const { data, error, response } = await client.GET('/api/v1/quotes', {
    params: { query: { ...input, side: 'send' } },
    headers: { 'accept-language': 'en-US' },
  });
  if (error) throw new Error(`${response.status} ${error.error.code}: ${error.error.message}`);
  return data;
}

/** The public rates feed, as JSON. */
export async function rates(client: ReturnType<typeof permutaClient>): Promise<RatesFeed> {
  const { data, error, response } = await client.GET('/api/v1/rates.json');
  if (error) throw new Error(`${response.status} ${error.error.code}: ${error.error.message}`);
  return data;
}

if (import.meta.main) {
  const [send = 'PIX', receive = 'USDT', amount = '100', network] = process.argv.slice(2);
  const client = permutaClient(process.env.PERMUTA_URL ?? 'http://localhost:3000');
  const answer = await quote(client, { send, receive, amount, ...(network ? { network } : {}) });
  console.info(
    `${answer.amountSend} ${answer.send} -> ${answer.amountReceive} ${answer.receive}` +
      ` (fee ${answer.feePercent}%, network fee ${answer.networkFee})`,
  );
}
