import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { businesses } from '@permuta/db';
import type { ApiKeyScope } from '@permuta/contracts';
import { trader } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';

/** A CNPJ with valid check digits, different on every call. */
let cnpjCounter = 0;
export function randomCnpj(): string {
  const base =
    `${String(Date.now() % 1e6).padStart(6, '0')}${String((cnpjCounter += 1) % 100).padStart(2, '0')}0001`
      .split('')
      .map(Number);
  const digit = (digits: number[]) => {
    const weights =
      digits.length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = digits.reduce((total, d, i) => total + d * weights[i]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

export interface Business extends Trader {
  cnpj: string;
}

/** A trader (e-mail confirmed, documents approved, a PIX wallet) whose business is approved. */
export async function approvedBusiness(
  app: FastifyInstance,
  options: Parameters<typeof trader>[1] = {},
): Promise<Business> {
  const owner = await trader(app, options);
  const cnpj = randomCnpj();
  await app.db.insert(businesses).values({
    userId: owner.id,
    companyName: `Empresa ${owner.username}`,
    cnpj,
    status: 'approved',
    reviewedAt: new Date(),
  });
  return { ...owner, cnpj };
}

export async function setBusinessStatus(
  app: FastifyInstance,
  userId: string,
  status: 'pending' | 'approved' | 'revoked',
) {
  await app.db.update(businesses).set({ status }).where(eq(businesses.userId, userId));
}

/** Creates a key through the customer's route; answers its id and whole secret. */
export async function createKey(
  app: FastifyInstance,
  owner: { cookie: string },
  body: { name?: string; scopes?: ApiKeyScope[]; rateLimitPerMinute?: number } = {},
): Promise<{ id: string; secret: string; prefix: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/me/api-keys',
    headers: { cookie: owner.cookie },
    payload: {
      name: body.name ?? 'integration',
      scopes: body.scopes ?? ['quotes:read', 'orders:read', 'orders:write'],
      ...(body.rateLimitPerMinute ? { rateLimitPerMinute: body.rateLimitPerMinute } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`create key ${res.statusCode}: ${res.body}`);
  return res.json();
}
