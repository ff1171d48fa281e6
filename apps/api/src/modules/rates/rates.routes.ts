import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratesFeedSchema } from '@permuta/contracts';
import { fileAnswer } from '../../lib/api-errors.ts';
import { ratesXml } from './rates.service.ts';
import type { RatesFeed, RatesService } from './rates.service.ts';

/** How long monitors and proxies may reuse an answer. */
export const RATES_CACHE_CONTROL = 'public, max-age=60';

const tags = ['rates'];
const notModifiedAnswer = z.null().describe('Not modified: the copy held is current');

/** Whether the caller already holds this content (If-None-Match, else If-Modified-Since). */
function notModified(request: FastifyRequest, feed: RatesFeed): boolean {
  const tags = request.headers['if-none-match'];
  if (typeof tags === 'string') {
    // weak comparison (RFC 9110 13.1.2): W/ ignored on both sides
    const opaque = feed.etag.replace(/^W\//, '');
    return tags
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === opaque);
  }
  const since = request.headers['if-modified-since'];
  if (typeof since !== 'string') return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && feed.lastModified.getTime() <= at;
}

function validators(reply: FastifyReply, feed: RatesFeed): FastifyReply {
  return reply
    .header('cache-control', RATES_CACHE_CONTROL)
    .header('etag', feed.etag)
    .header('last-modified', feed.lastModified.toUTCString());
}

/**
 * The public rates feed for rate-comparison sites (decision 058): XML in the monitors' export
 * format and the same content as JSON. Public, cached for a minute, under the API's rate limit.
 */
export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (
  app,
  { rates },
) => {
  const description =
    'One item per direction quotes answer now (both tokens priced and fresh, the network open): `in` of `from` buys `out` of `to` with the current price and fee rule (the network fee apart, as `tofee`), never more than a quote of the same amount gives; `amount` is the reserve (stock) of `to`; `minamount`/`maxamount` bound the amount of `from` of one order (limits of the amount received, and the reserve). Codes: the token followed by its network when they differ (`USDTTRC20`, `PIXBRL`, `BTC`). `Cache-Control: public, max-age=60`; `ETag` and `Last-Modified`, 304 on `If-None-Match` / `If-Modified-Since`.';

  app.get(
    '/api/v1/rates.xml',
    {
      schema: {
        operationId: 'getRatesXml',
        tags,
        summary: 'Rates feed (XML, exchange-monitor format)',
        description: `${description} \`<rates><item><from/><to/><in/><out/><amount/><minamount/><maxamount/>[<tofee/>]</item>...</rates>\`, UTF-8, one element a line.`,
        response: { 200: fileAnswer('xml', 'The rates'), 304: notModifiedAnswer },
      },
    },
    async (request, reply) => {
      const feed = await rates.feed();
      validators(reply, feed);
      if (notModified(request, feed)) return reply.status(304).send(null);
      return reply.type('application/xml; charset=utf-8').send(ratesXml(feed.items));
    },
  );

  app.get(
    '/api/v1/rates.json',
    {
      schema: {
        operationId: 'getRatesJson',
        tags,
        summary: 'Rates feed (JSON)',
        description: `${description} The same items as the XML feed.`,
        response: { 200: ratesFeedSchema, 304: notModifiedAnswer },
      },
    },
    async (request, reply) => {
      const feed = await rates.feed();
      validators(reply, feed);
      if (notModified(request, feed)) return reply.status(304).send(null);
      return { rates: feed.items };
    },
  );
};
