import { z } from 'zod';
import './zod-config.ts';
import { normalizeCnpj } from './wallets.ts';

/**
 * Business customers and their API keys (decision 057, docs/partner-api.md).
 * Customer (session cookie, same origin):
 * - GET  /api/v1/me/business              -> businessSchema | 404 BUSINESS_NOT_FOUND
 * - PUT  /api/v1/me/business              businessApplySchema -> businessSchema (pending)
 * - GET  /api/v1/me/api-keys              -> apiKeyListSchema
 * - POST /api/v1/me/api-keys              apiKeyCreateSchema -> apiKeyCreatedSchema (secret shown once)
 * - PATCH /api/v1/me/api-keys/:id         apiKeyUpdateSchema -> apiKeySchema
 * - POST /api/v1/me/api-keys/:id/revoke   -> apiKeySchema
 * Admin:
 * - GET  /api/v1/admin/customers/:id/business  -> businessSchema | 404
 * - POST /api/v1/admin/customers/:id/business  businessDecisionSchema -> businessSchema
 * - PATCH /api/v1/admin/api-keys/:id           apiKeyUpdateSchema -> apiKeySchema
 * Partner (Authorization: Bearer pmt_live_...): /api/v1/partner/* (docs/partner-api.md)
 *
 * Field messages are keys of FIELD_MESSAGES (messages/partners.ts).
 */

export const BUSINESS_STATUSES = ['pending', 'approved', 'revoked'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const API_KEY_SCOPES = [
  'quotes:read',
  'orders:read',
  'orders:write',
  /** the key's signed webhooks (decision 065) */
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Most live keys a business holds at once. */
export const MAX_API_KEYS = 10;
/** Per-minute budget of a new key, and the most a business may set itself (an admin may go higher). */
export const DEFAULT_API_KEY_RATE_LIMIT = 60;
export const MAX_BUSINESS_API_KEY_RATE_LIMIT = 600;
export const MAX_ADMIN_API_KEY_RATE_LIMIT = 100_000;

/** What a key looks like: `pmt_live_` + 8 characters of prefix + `_` + 43 characters of secret. */
export const API_KEY_PREFIX = 'pmt_live_';
export const API_KEY_PATTERN = /^pmt_live_[0-9a-z]{8}_[A-Za-z0-9_-]{43}$/;

export const cnpjSchema = z
  .string({ error: 'cnpj.invalid' })
  .max(40, { error: 'cnpj.invalid' })
  .transform((value, ctx) => {
    const plain = normalizeCnpj(value);
    if (plain === null) {
      ctx.addIssue({ code: 'custom', message: 'cnpj.invalid' });
      return z.NEVER;
    }
    return plain;
  });

export const businessApplySchema = z.object({
  companyName: z
    .string({ error: 'companyName.required' })
    .trim()
    .min(2, { error: 'companyName.required' })
    .max(150, { error: 'companyName.tooLong' }),
  cnpj: cnpjSchema,
});
export type BusinessApply = z.input<typeof businessApplySchema>;

export const businessSchema = z.object({
  companyName: z.string(),
  /** 14 characters, unformatted */
  cnpj: z.string(),
  status: z.enum(BUSINESS_STATUSES),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessView = z.infer<typeof businessSchema>;

export const businessDecisionSchema = z.object({
  decision: z.enum(['approve', 'revoke']),
});

const scopesSchema = z
  .array(z.enum(API_KEY_SCOPES, { error: 'scopes.invalid' }))
  .min(1, { error: 'scopes.required' })
  .max(API_KEY_SCOPES.length)
  .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)));

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: 'apiKeyName.required' })
    .trim()
    .min(1, { error: 'apiKeyName.required' })
    .max(80, { error: 'apiKeyName.tooLong' }),
  scopes: scopesSchema,
  rateLimitPerMinute: z
    .number({ error: 'rateLimit.range' })
    .int({ error: 'rateLimit.range' })
    .min(1, { error: 'rateLimit.range' })
    .max(MAX_BUSINESS_API_KEY_RATE_LIMIT, { error: 'rateLimit.range' })
    .default(DEFAULT_API_KEY_RATE_LIMIT),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeyUpdateSchema = z.object({
  rateLimitPerMinute: z
    .number({ error: 'rateLimit.range' })
    .int({ error: 'rateLimit.range' })
    .min(1, { error: 'rateLimit.range' })
    .max(MAX_ADMIN_API_KEY_RATE_LIMIT, { error: 'rateLimit.range' }),
});

export const apiKeyIdParamsSchema = z.object({ id: z.uuid() });

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the visible start of the key, `pmt_live_xxxxxxxx` */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  rateLimitPerMinute: z.number().int(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  /** the most this business may set on its keys */
  maxRateLimitPerMinute: z.number().int(),
});

export const apiKeyCreatedSchema = apiKeySchema.extend({
  /** the whole key: shown this once, never again */
  secret: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** GET /api/v1/partner/orders: keyset pages, newest first. */
export const partnerOrderListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
