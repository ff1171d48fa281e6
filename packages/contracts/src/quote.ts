import { z } from 'zod';
import {
  amountSchema,
  networkCodeSchema,
  positiveAmountSchema,
  tokenCodeSchema,
} from './validation.ts';

export const QUOTE_SIDES = ['send', 'receive'] as const;

export const quoteRequestSchema = z
  .object({
    send: tokenCodeSchema.describe('code of the token the customer sends'),
    receive: tokenCodeSchema.describe('code of the token the customer receives'),
    network: networkCodeSchema
      .optional()
      .describe(
        'network of the crypto side: of the token received when it is crypto, else of the token sent',
      ),
    side: z.enum(QUOTE_SIDES).describe('which amount the customer typed'),
    amount: positiveAmountSchema.describe('the typed amount, a decimal string with a dot'),
  })
  // no component id: it is the public quote's query string, whose parameters the OpenAPI
  // document lists one by one (a query string cannot be a reference)
  .describe('What to quote');
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteResponseSchema = z
  .object({
    send: z.string(),
    receive: z.string(),
    network: z.string().nullable(),
    side: z.enum(QUOTE_SIDES),
    amountSend: amountSchema,
    amountReceive: amountSchema,
    rate: amountSchema.describe('units received per unit sent, before fees'),
    feePercent: amountSchema,
    feeAmount: amountSchema.describe('fee, in the token received'),
    networkFee: amountSchema.describe('network withdraw fee, in the token received'),
    valueBrl: amountSchema.describe('value of the amount sent in BRL'),
    limits: z.object({
      min: amountSchema.nullable(),
      max: amountSchema.nullable(),
      token: z.string(),
    }),
    prices: z.object({
      sendBrl: amountSchema,
      receiveBrl: amountSchema,
      sendAt: z.iso.datetime(),
      receiveAt: z.iso.datetime(),
    }),
    quotedAt: z.iso.datetime(),
    lockMinutes: z.number().int().describe('how long an order keeps this rate'),
  })
  .meta({ id: 'Quote' });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
