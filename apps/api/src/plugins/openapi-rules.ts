import type { RouteOptions } from 'fastify';
import type { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@permuta/contracts';
import { requireAdmin, requireCustomer, requireVerifiedCustomer } from '../modules/auth/guards.ts';

/**
 * How the OpenAPI document describes what every operation shares, derived from the route as it
 * is registered rather than copied into each route (decision 058).
 */

/** The two ways of calling the API as someone: the web app's session, a partner's API key. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'auth_token',
    description:
      'The session cookie set by the sign-in routes (httpOnly, 12 h). A state-changing request carrying it must come from the site’s own origin.',
  },
  partnerKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A partner’s API key, `Authorization: Bearer <key>`, for the `/api/v1/partner/*` routes.',
  },
} as const;

/** Every tag of the document, each with what it groups. */
export const OPENAPI_TAGS = [
  { name: 'pricing', description: 'Public token catalogue and quotes' },
  { name: 'rates', description: 'Public rates feed for rate-comparison sites (XML and JSON)' },
  { name: 'accounts', description: 'Registration, sign-in, the signed-in user and their settings' },
  { name: 'wallets', description: 'The customer’s saved wallets, PIX keys and Deriv accounts' },
  { name: 'documents', description: 'Identity documents: the customer’s uploads and their review' },
  {
    name: 'orders',
    description: 'Orders: quotes, creation, payment, live status, files, receipts',
  },
  { name: 'reviews', description: 'Customer reviews of completed orders' },
  { name: 'settings', description: 'Public settings of the exchange' },
  { name: 'contact', description: 'The contact form and its inbox' },
  { name: 'admin', description: 'Back office: routes for admins, each with its least admin role' },
  { name: 'admin-catalogue', description: 'Back office: tokens, networks, prices and fee rules' },
  { name: 'admin-integrations', description: 'Back office: credentials of the providers' },
  {
    name: 'admin-settings',
    description: 'Back office: settings of the exchange and their history',
  },
  { name: 'admin-dashboard', description: 'Back office: the figures of the day' },
  { name: 'audit', description: 'Back office: the audit log' },
  { name: 'payments', description: 'Back office: incoming payments not matched to an order' },
  { name: 'reconciliation', description: 'Back office: stock and money reconciliation' },
  {
    name: 'decripto',
    description: 'Back office: the DeCripto monthly report to the Receita Federal',
  },
  {
    name: 'compliance',
    description: 'Back office: anti-money-laundering cases and the yearly COAF declaration',
  },
  { name: 'treasury', description: 'Back office: the treasury ledger and adjustments' },
  { name: 'webhooks', description: 'Callbacks of payment providers' },
  { name: 'seo', description: 'Sitemap and crawling rules' },
  { name: 'health', description: 'Liveness and readiness' },
  { name: 'demo', description: 'Development only: simulated provider events' },
  { name: 'business', description: 'Business customers and their API keys' },
  { name: 'partner', description: 'The partner API, called with an API key (Bearer)' },
  {
    name: 'partner-webhooks',
    description: "An API key's signed webhook endpoints, on the API keys page",
  },
];

const SESSION_GUARDS: ReadonlySet<unknown> = new Set([
  requireCustomer,
  requireVerifiedCustomer,
  requireAdmin,
]);

type Hook = RouteOptions['onRequest'];
function hooksOf(hook: Hook | RouteOptions['preHandler']): unknown[] {
  if (!hook) return [];
  return Array.isArray(hook) ? hook : [hook];
}

/**
 * Who may call a route, as the document says it: a partner's key under /api/v1/partner/, the
 * session cookie behind a session guard (on the route, or for the admin and `/me` paths whose
 * modules add the guard to every route they register), else anyone.
 */
export function securityOf(
  route: Pick<RouteOptions, 'url' | 'onRequest' | 'preHandler'>,
): Array<Record<string, string[]>> {
  const url = route.url;
  if (url.startsWith('/api/v1/partner/')) return [{ partnerKey: [] }];
  const guarded =
    [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)].some((hook) =>
      SESSION_GUARDS.has(hook),
    ) ||
    (url.startsWith('/api/v1/admin/') && !url.startsWith('/api/v1/admin/auth/')) ||
    url === '/api/v1/me' ||
    url.startsWith('/api/v1/me/');
  return guarded ? [{ sessionCookie: [] }] : [];
}

/**
 * The onRoute hook: a documented route gets its security (unless it names its own) and the
 * error answers every route of its kind can give, with the one error shape:
 * 400 (every request: NUL characters and lone surrogates are refused before any schema, and the
 * input schemas), 401 and 403 behind a guard (signed out; wrong role, inactive, e-mail not
 * confirmed), 429 under /api/ (the per-minute budget). A route's own entries win.
 */
export function documentRoute(route: RouteOptions): void {
  const schema = route.schema as
    | (Record<string, unknown> & { hide?: boolean; security?: Array<Record<string, string[]>> })
    | undefined;
  if (!schema || schema.hide) return;
  const security = schema.security ?? securityOf(route);
  schema.security = security;
  const statuses = [400];
  if (security.length > 0) statuses.push(401, 403);
  if (route.url.startsWith('/api/')) statuses.push(429);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of statuses) {
    if (!(status in response) && !(String(status) in response)) response[status] = apiErrorSchema;
  }
  schema.response = response;
}

type Document = ReturnType<typeof jsonSchemaTransformObject>;

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined
  >;
};
type Paths = Record<string, Record<string, Operation>>;

/** The document as served: file answers under their media types, unused components left out. */
export function finishDocument<T extends Document>(document: T): T {
  const doc = document as unknown as {
    paths?: Paths;
    components?: { securitySchemes?: Record<string, unknown> };
  };
  const operations = Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item));
  for (const operation of operations) {
    for (const response of Object.values(operation.responses ?? {})) {
      const schema = response?.content?.['application/json']?.schema;
      const types = schema?.['x-media-types'];
      if (!response || !Array.isArray(types)) continue;
      response.content = Object.fromEntries(
        types.map((type: string) => [
          type,
          {
            schema: type.startsWith('text/')
              ? { type: 'string' }
              : { type: 'string', format: 'binary' },
          },
        ]),
      );
    }
  }
  // a scheme no operation names yet (the partner key before its routes) is left out
  const schemes = doc.components?.securitySchemes;
  if (schemes) {
    const named = new Set(
      operations.flatMap((operation) =>
        (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      ),
    );
    for (const name of Object.keys(schemes)) if (!named.has(name)) delete schemes[name];
  }
  return pruneUnusedComponents(document);
}

/**
 * The component schemas some operation refers to (directly or through another component);
 * the others are dropped: the contracts register more schemas than the routes use.
 */
export function pruneUnusedComponents<T extends Document>(document: T): T {
  const doc = document as unknown as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const refs = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) =>
      decodeURIComponent(m[1]!),
    );
  const used = new Set<string>();
  let pending = refs(doc.paths);
  while (pending.length > 0) {
    const next: string[] = [];
    for (const name of pending) {
      if (used.has(name) || !(name in schemas)) continue;
      used.add(name);
      next.push(...refs(schemas[name]));
    }
    pending = next;
  }
  doc.components!.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  );
  return document;
}
