import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '@permuta/db';
import {
  ReportingStore,
  createDatabaseStore,
  createRedisStore,
  failureLogger,
} from './rate-limit-store.ts';

export interface SecurityOptions {
  /** sha256 hashes ('sha256-...') of the inline scripts of the built web app's HTML files */
  inlineScriptHashes: string[];
  rateLimitPerMinute: number;
  /** the window of the rate limit (one minute; tests shorten it) */
  rateLimitWindowMs?: number;
  /** where the counters live, shared by every instance (decision 050) */
  rateLimitStore:
    | { kind: 'database'; db: Db }
    | { kind: 'redis'; url: string; keyPrefix: string }
    /** the embedded database: one process, so its memory counts exactly */
    | { kind: 'memory' };
  production: boolean;
}

/**
 * The key a request is counted under: its client address (the proxy's `X-Forwarded-For` when
 * TRUST_PROXY is on), IPv6 by /64 as the plugin does. A client that disconnected before its
 * address was read has none (`request.ip` is undefined, which the plugin's own key generator
 * throws on): such requests still run, so they are counted, all under one key.
 */
export const NO_ADDRESS_KEY = 'no-address';
export function clientKey(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  return ip ? normalizeIP(ip) : NO_ADDRESS_KEY;
}

/** The page policy: scripts only from this origin or the build's exact inline scripts. */
export function pagePolicy(options: Pick<SecurityOptions, 'inlineScriptHashes' | 'production'>) {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.inlineScriptHashes.map((hash) => `'${hash}'`)]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", 'https://www.youtube-nocookie.com']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(options.production ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/** Data answers (JSON, files) render nothing: the tightest policy. */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * A file the product's own pages show in a frame (a route with `config.sameOriginFrame`, e.g. a
 * customer's proof previewed on the back office's order page): only this origin may frame it.
 * `object-src 'self'` lets the browser's PDF viewer show a PDF; nothing may run in it.
 */
export const FRAMED_FILE_POLICY =
  "default-src 'none'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'";

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the answer is a file this origin's pages may frame (FRAMED_FILE_POLICY) */
    sameOriginFrame?: boolean;
  }
}

/**
 * Security headers with a strict Content-Security-Policy: on pages, scripts only from this
 * origin or the exact inline scripts the build emitted (by hash), no plugins, no framing; styles
 * allow inline because the component library sets style attributes. Answers that are not HTML
 * get `default-src 'none'`. Both policies are computed once at start, not per request. Plus a
 * per-IP rate limit on every route, counted where every instance sees it: the database, or Redis
 * when REDIS_URL is set (decision 050).
 */
export default fp<SecurityOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      strictTransportSecurity: options.production
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const page = pagePolicy(options);
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const framed =
        request.routeOptions.config.sameOriginFrame === true && reply.statusCode === 200;
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? page : framed ? FRAMED_FILE_POLICY : DATA_POLICY,
      );
      return payload;
    });

    const reportFailure = failureLogger(app.log);
    let store: FastifyRateLimitStore | null = null;
    if (options.rateLimitStore.kind === 'redis') {
      // No offline queue and one try per command: while Redis is away a request fails open at
      // once instead of waiting for a reconnection.
      const redis = new Redis(options.rateLimitStore.url, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        commandTimeout: 1_000,
      });
      redis.on('error', reportFailure);
      // Start counting once connected (without an offline queue, a command sent while connecting
      // fails, and its request would go uncounted); a Redis that is down does not stop the start.
      await new Promise<void>((resolve) => {
        const settled = () => {
          redis.off('ready', settled);
          redis.off('error', settled);
          resolve();
        };
        redis.on('ready', settled);
        redis.on('error', settled);
      });
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
      store = createRedisStore(redis, options.rateLimitStore.keyPrefix);
    } else if (options.rateLimitStore.kind === 'database') {
      const databaseStore = createDatabaseStore(options.rateLimitStore.db, reportFailure);
      app.addHook('onClose', () => databaseStore.settle());
      store = databaseStore;
    }
    const shared = store ? new ReportingStore(store, reportFailure) : null;

    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitPerMinute,
      timeWindow: options.rateLimitWindowMs ?? 60_000,
      // counters shared by every instance; the plugin calls `new` on it, so a constructor that
      // answers the one store
      // (none: the plugin's in-memory store)
      ...(shared
        ? {
            store: function SharedStore() {
              return shared;
            } as unknown as new () => FastifyRateLimitStore,
          }
        : {}),
      // a store that cannot count lets the request through (logged by the store, above)
      skipOnError: true,
      keyGenerator: clientKey,
      // The budget is told when it is spent (429 with limit, remaining, reset and retry-after),
      // not on every answer: the web app never reads it, and the calculator's answers stay small.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      // The budget is the API's. Health and metrics are polled by infrastructure, and the web
      // app's pages and files (dozens per first visit, from one office IP for many people) are
      // static: neither counts.
      allowList: (request) =>
        !request.url.startsWith('/api/') ||
        ['/healthz', '/readyz', '/metrics'].includes(request.url),
    });
  },
  { name: 'security' },
);
