import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

export interface SecurityOptions {
  /** sha256 hashes ('sha256-...') of the inline scripts of the built web app's HTML files */
  inlineScriptHashes: string[];
  rateLimitPerMinute: number;
  production: boolean;
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
 * per-IP rate limit on every route.
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

    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
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
