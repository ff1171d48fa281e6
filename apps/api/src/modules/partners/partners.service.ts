import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  MAX_API_KEYS,
  MAX_BUSINESS_API_KEY_RATE_LIMIT,
} from '@permuta/contracts';
import type {
  ApiKeyCreated,
  ApiKeyScope,
  ApiKeyView,
  BusinessView,
  apiKeyCreateSchema,
  businessApplySchema,
} from '@permuta/contracts';
import type { ApiKey, Business, Db } from '@permuta/db';
import { isUniqueViolation } from '@permuta/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import {
  cnpjOwner,
  countLiveApiKeys,
  findApiKey,
  findBusiness,
  findKeyHolder,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  setApiKeyRateLimit,
  setBusinessStatus,
  touchApiKey,
  upsertBusiness,
} from './partners.repository.ts';

export interface PartnersServiceDeps {
  db: Db;
  now: () => Date;
}

/** Who acts: the customer (their own business and keys) or an admin, and from where. */
export interface Caller {
  userId: string;
  ip: string;
}

/** The holder of a valid API key, as the partner routes see it. */
export interface PartnerContext {
  keyId: string;
  userId: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** 8 random characters of [0-9a-z] (the key's visible id). */
function randomId(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Hex SHA-256 of a whole key, as stored. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: `pmt_live_<8 id chars>_<256-bit secret, base64url>`, its visible prefix and hash. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = `${API_KEY_PREFIX}${randomId()}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: apiKeyHash(key) };
}

function businessView(row: Business): BusinessView {
  return {
    companyName: row.companyName,
    cnpj: row.cnpj,
    status: row.status,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function apiKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    rateLimitPerMinute: row.rateLimitPerMinute,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Business customers and their API keys (decision 057): a customer applies with the company's
 * name and CNPJ, the back office approves or revokes it, and an approved business manages its
 * keys. Keys are stored as SHA-256 hashes; the whole key is answered once, at creation.
 */
export function createPartnersService(deps: PartnersServiceDeps) {
  const { db, now } = deps;

  async function approvedBusiness(userId: string): Promise<Business> {
    const business = await findBusiness(db, userId);
    if (!business) throw notFound('BUSINESS_NOT_FOUND');
    if (business.status !== 'approved') throw new AppError('BUSINESS_NOT_APPROVED', 403);
    return business;
  }

  return {
    /** The customer's business application, or null when they never applied. */
    async business(userId: string): Promise<BusinessView | null> {
      const row = await findBusiness(db, userId);
      return row ? businessView(row) : null;
    },

    /** Applies (or corrects a pending or revoked application): back to `pending`. */
    async apply(
      caller: Caller,
      input: z.output<typeof businessApplySchema>,
    ): Promise<BusinessView> {
      const owner = await cnpjOwner(db, input.cnpj);
      if (owner !== null && owner !== caller.userId) {
        throw new AppError('CNPJ_TAKEN', 409, {}, { cnpj: 'cnpj.invalid' });
      }
      try {
        return await db.transaction(async (tx) => {
          const before = await findBusiness(tx, caller.userId);
          if (before?.status === 'approved') {
            throw new AppError('BUSINESS_ALREADY_APPROVED', 409);
          }
          const row = await upsertBusiness(tx, { userId: caller.userId, ...input });
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: caller.userId,
            action: 'business.applied',
            entityType: 'business',
            entityId: caller.userId,
            ip: caller.ip,
            before: before ? businessView(before) : null,
            after: businessView(row),
          });
          return businessView(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CNPJ_TAKEN', 409, {}, { cnpj: 'cnpj.invalid' });
        }
        throw error;
      }
    },

    /** The back office's decision: approve, or revoke (its keys stop working at once). */
    async decide(
      admin: Caller,
      customerId: string,
      decision: 'approve' | 'revoke',
    ): Promise<BusinessView> {
      return db.transaction(async (tx) => {
        const before = await findBusiness(tx, customerId);
        if (!before) throw notFound('BUSINESS_NOT_FOUND');
        const row = await setBusinessStatus(tx, {
          userId: customerId,
          status: decision === 'approve' ? 'approved' : 'revoked',
          reviewedBy: admin.userId,
          at: now(),
        });
        if (!row) throw notFound('BUSINESS_NOT_FOUND');
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: admin.userId,
          action: decision === 'approve' ? 'business.approved' : 'business.revoked',
          entityType: 'business',
          entityId: customerId,
          ip: admin.ip,
          before: businessView(before),
          after: businessView(row),
        });
        return businessView(row);
      });
    },

    async listKeys(
      userId: string,
    ): Promise<{ items: ApiKeyView[]; maxRateLimitPerMinute: number }> {
      await approvedBusiness(userId);
      return {
        items: (await listApiKeys(db, userId)).map(apiKeyView),
        maxRateLimitPerMinute: MAX_BUSINESS_API_KEY_RATE_LIMIT,
      };
    },

    async createKey(
      caller: Caller,
      input: z.output<typeof apiKeyCreateSchema>,
    ): Promise<ApiKeyCreated> {
      await approvedBusiness(caller.userId);
      const fresh = newApiKey();
      return db.transaction(async (tx) => {
        if ((await countLiveApiKeys(tx, caller.userId)) >= MAX_API_KEYS) {
          throw new AppError('API_KEYS_LIMIT', 422, { max: MAX_API_KEYS });
        }
        const row = await insertApiKey(tx, {
          userId: caller.userId,
          name: input.name,
          prefix: fresh.prefix,
          secretHash: fresh.hash,
          scopes: input.scopes,
          rateLimitPerMinute: input.rateLimitPerMinute,
          createdAt: now(),
        });
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'api_key.created',
          entityType: 'api_key',
          entityId: row.id,
          ip: caller.ip,
          after: apiKeyView(row),
        });
        return { ...apiKeyView(row), secret: fresh.key };
      });
    },

    /** Revokes one of the caller's keys (an admin passes no owner); refused on the next request. */
    async revokeKey(caller: Caller, id: string, asAdmin = false): Promise<ApiKeyView> {
      return db.transaction(async (tx) => {
        const before = await findApiKey(tx, id, asAdmin ? undefined : caller.userId);
        if (!before) throw notFound('API_KEY_NOT_FOUND');
        if (before.revokedAt) return apiKeyView(before);
        const row = await revokeApiKey(tx, id, now());
        if (!row) throw notFound('API_KEY_NOT_FOUND');
        await writeAudit(tx, {
          actorType: asAdmin ? 'admin' : 'customer',
          actorId: caller.userId,
          action: 'api_key.revoked',
          entityType: 'api_key',
          entityId: id,
          ip: caller.ip,
          before: apiKeyView(before),
          after: apiKeyView(row),
        });
        return apiKeyView(row);
      });
    },

    /** A key's per-minute budget: the business up to its maximum, an admin beyond it. */
    async setRateLimit(
      caller: Caller,
      id: string,
      rateLimitPerMinute: number,
      asAdmin = false,
    ): Promise<ApiKeyView> {
      if (!asAdmin && rateLimitPerMinute > MAX_BUSINESS_API_KEY_RATE_LIMIT) {
        throw new AppError('VALIDATION_ERROR', 400, {}, { rateLimitPerMinute: 'rateLimit.range' });
      }
      return db.transaction(async (tx) => {
        const before = await findApiKey(tx, id, asAdmin ? undefined : caller.userId);
        if (!before) throw notFound('API_KEY_NOT_FOUND');
        if (before.revokedAt) throw new AppError('API_KEY_REVOKED', 409);
        const row = await setApiKeyRateLimit(tx, id, rateLimitPerMinute);
        if (!row) throw notFound('API_KEY_NOT_FOUND');
        await writeAudit(tx, {
          actorType: asAdmin ? 'admin' : 'customer',
          actorId: caller.userId,
          action: 'api_key.updated',
          entityType: 'api_key',
          entityId: id,
          ip: caller.ip,
          before: { rateLimitPerMinute: before.rateLimitPerMinute },
          after: { rateLimitPerMinute: row.rateLimitPerMinute },
        });
        return apiKeyView(row);
      });
    },

    /** An admin's view of a customer's business and keys, or null when they never applied. */
    async adminBusiness(
      customerId: string,
    ): Promise<(BusinessView & { apiKeys: ApiKeyView[] }) | null> {
      const row = await findBusiness(db, customerId);
      if (!row) return null;
      return { ...businessView(row), apiKeys: (await listApiKeys(db, customerId)).map(apiKeyView) };
    },

    /**
     * The holder of a presented key: 401 PARTNER_KEY_INVALID for a malformed, unknown or revoked
     * key (the hash compared in constant time), 403 PARTNER_BUSINESS_INACTIVE when the business
     * is no longer approved or the account is deactivated. Records the use at most once a minute.
     */
    async authenticate(presented: string): Promise<PartnerContext> {
      if (!API_KEY_PATTERN.test(presented)) throw new AppError('PARTNER_KEY_INVALID', 401);
      // the visible prefix is fixed-length (the secret part may itself hold `_`)
      const prefix = presented.slice(0, API_KEY_PREFIX.length + 8);
      const holder = await findKeyHolder(db, prefix);
      const expected = Buffer.from(holder?.key.secretHash ?? '0'.repeat(64), 'hex');
      const matches = timingSafeEqual(expected, Buffer.from(apiKeyHash(presented), 'hex'));
      if (!holder || !matches || holder.key.revokedAt) {
        throw new AppError('PARTNER_KEY_INVALID', 401);
      }
      if (!holder.userActive || !holder.emailVerified || holder.businessStatus !== 'approved') {
        throw new AppError('PARTNER_BUSINESS_INACTIVE', 403);
      }
      const at = now();
      const last = holder.key.lastUsedAt?.getTime() ?? 0;
      if (at.getTime() - last >= 60_000) await touchApiKey(db, holder.key.id, at);
      return {
        keyId: holder.key.id,
        userId: holder.key.userId,
        scopes: holder.key.scopes as ApiKeyScope[],
        rateLimitPerMinute: holder.key.rateLimitPerMinute,
      };
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
