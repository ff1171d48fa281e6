import { z } from 'zod';

const amount = z.string().meta({ example: '5.32' });

/**
 * One direction of the public rates feed (GET /api/v1/rates.json, and the same fields as the
 * elements of an `<item>` of /api/v1/rates.xml): the exchange-monitor export format.
 */
export const rateItemSchema = z
  .object({
    from: z.string().meta({
      description: 'Code of the currency the customer gives (`USDTTRC20`, `PIXBRL`, `BTC`, ...)',
      example: 'USDTTRC20',
    }),
    to: z
      .string()
      .meta({ description: 'Code of the currency the customer gets', example: 'PIXBRL' }),
    in: amount.describe('`in` of `from` buys `out` of `to`, after the percentage fee'),
    out: amount.describe('See `in`; one of the two is 1'),
    amount: amount.describe('Reserve: the stock of `to` orders may still promise'),
    minamount: amount.describe('Least amount of `from` one order takes'),
    maxamount: amount.describe('Most amount of `from` one order takes (limits and reserve)'),
    tofee: amount
      .optional()
      .describe('Network fee in `to`, taken from what is sent; absent when there is none'),
  })
  .meta({ id: 'RateItem' });

export const ratesFeedSchema = z
  .object({ rates: z.array(rateItemSchema) })
  .meta({ id: 'RatesFeed' });
export type RatesFeedBody = z.infer<typeof ratesFeedSchema>;
