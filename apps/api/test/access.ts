import type { FastifyInstance } from 'fastify';
import type { AdminRole } from '@permuta/contracts';

/**
 * Who may call a route, for the authorization matrix test (src/authorization.test.ts):
 * - public: anyone, signed in or not
 * - signed-in: any signed-in user (customer or admin)
 * - customer: a signed-in, active customer (e-mail validated or not)
 * - verified: a customer whose e-mail is validated
 * - operator, finance, owner: an admin of at least that role (decision 024: each role includes
 *   the ones before it). An admin route has no other value: a route without a role fails both
 *   the typecheck and the matrix test. The route itself names the same role on the server, in
 *   `config.adminRole` or its module's `defaultAdminRole`.
 * - partner: the partner API, with a business's API key (Bearer) and never the session cookie
 *   (its own tests: modules/partners/partner-api.test.ts).
 */
export type Access = 'public' | 'signed-in' | 'customer' | 'verified' | 'partner' | AdminRole;

/**
 * The owner check of the authorization test: a fresh customer (`owner`) owning a resource, and
 * a request of that owner on it which passes validation (`url` with the real id, optional body
 * and headers). Another customer sending the same request must get 404.
 */
export interface OwnerRequest {
  owner: { cookie: string };
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

export type OwnerFixture = (app: FastifyInstance) => Promise<OwnerRequest>;
