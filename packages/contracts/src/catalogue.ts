import { z } from 'zod';
import { amountSchema } from './validation.ts';

export const TOKEN_KINDS = ['crypto', 'pix', 'deriv'] as const;

/**
 * A token as people read it: "Tether USD (USDT)", "Bitcoin (BTC)", but "Deriv (USD)" and
 * "Real (PIX)" as they are when the name already holds the code.
 */
export function tokenLabel(token: { code: string; name: string }): string {
  const code = token.code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${code}\\b`, 'i').test(token.name)
    ? token.name
    : `${token.name} (${token.code})`;
}

/** A wallet's token and network, without repeating a network named like its token ("BTC"). */
export function tokenOnNetwork(token: string, network: string | null | undefined): string {
  return network && network !== token ? `${token} (${network})` : token;
}

export const tokenKindSchema = z.enum(TOKEN_KINDS);
export type TokenKind = z.infer<typeof tokenKindSchema>;

export const publicNetworkSchema = z
  .object({
    code: z.string().meta({ example: 'TRC20' }),
    name: z.string(),
    isDefault: z.boolean(),
    depositEnabled: z.boolean(),
    withdrawEnabled: z.boolean(),
    withdrawFee: amountSchema,
    withdrawMin: amountSchema,
    withdrawMax: amountSchema.nullable(),
    minConfirmations: z.number().int(),
    estimatedArrivalMinutes: z.number().int().nullable(),
    memoRequired: z.boolean(),
    tip: z.string().nullable(),
    notice: z.string().nullable(),
  })
  .meta({ id: 'PublicNetwork' });
export type PublicNetwork = z.infer<typeof publicNetworkSchema>;

export const publicTokenSchema = z
  .object({
    code: z.string().meta({ example: 'USDT' }),
    name: z.string(),
    kind: tokenKindSchema,
    precision: z.number().int().min(0).max(18),
    priceBrl: amountSchema.nullable().describe('reference price in BRL; null when none is known'),
    priceUpdatedAt: z.iso.datetime().nullable(),
    /** false when the price is missing or stale: quotes for this token are refused */
    quotable: z.boolean(),
    /** limits on the amount to receive for PIX and Deriv (crypto limits are per network) */
    receiveMin: amountSchema.nullable(),
    receiveMax: amountSchema.nullable(),
    networks: z.array(publicNetworkSchema),
  })
  .meta({ id: 'PublicToken' });
export type PublicToken = z.infer<typeof publicTokenSchema>;

export const catalogueResponseSchema = z
  .object({
    tokens: z.array(publicTokenSchema),
    defaults: z.object({ send: z.string().nullable(), receive: z.string().nullable() }),
    whatsapp: z.object({
      thresholdBrl: amountSchema,
      /** digits only, with country code, for a wa.me link; null when not configured */
      phone: z.string().nullable(),
    }),
  })
  .meta({ id: 'Catalogue' });
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
