import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

export interface SecurityOptions {
  /** sha256 hashes ('sha256-...') of the inline scripts of the built web app's HTML files */
  inlineScriptHashes: string[];
  rateLimitPerMinute: number;
  production: boolean;
}

/**
 * Security headers with a strict Content-Security-Policy: scripts only from this origin or the
 * exact inline scripts the build emitted (by hash), no plugins, no framing. Styles allow inline
 * because the component library sets style attributes. Plus a per-IP rate limit on every route.
 */
export default fp<SecurityOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.inlineScriptHashes.map((hash) => `'${hash}'`)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.production
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });

    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      // health and metrics are polled by infrastructure, not by people
      allowList: (request) => ['/healthz', '/readyz', '/metrics'].includes(request.url),
    });
  },
  { name: 'security' },
);
