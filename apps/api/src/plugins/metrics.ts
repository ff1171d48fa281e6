import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createMetrics } from '../lib/metrics-registry.ts';
import type { BusinessMetrics, MetricsOptions } from '../lib/metrics-registry.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** what the app observes as it works, beyond the requests (decision 052) */
    businessMetrics: BusinessMetrics;
  }
}

/** Loopback and private addresses (RFC 1918, unique local, link-local), IPv4-mapped too. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return false;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Who may read /metrics (the business figures are not public): with METRICS_TOKEN, whoever
 * sends it as a bearer token; without, only a direct request from a loopback or private address
 * (the socket's, never a forwarded one) that came through no proxy (no forwarding header).
 */
export function metricsAccess(
  request: FastifyRequest,
  token: string | undefined,
): 'ok' | 'unauthenticated' | 'forbidden' {
  if (token) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] && sameSecret(match[1], token) ? 'ok' : 'unauthenticated';
  }
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return 'forbidden';
  return isPrivateAddress(request.socket.remoteAddress) ? 'ok' : 'forbidden';
}

export interface MetricsPluginOptions extends MetricsOptions {
  /** METRICS_TOKEN: the bearer token Prometheus sends; unset: direct private requests only */
  token?: string;
}

/** Prometheus metrics at /metrics (decision 052): process, requests, payouts, business figures. */
export default fp<MetricsPluginOptions>(
  async (app, options) => {
    const { registry, httpDuration, business, refresh } = createMetrics({
      readFigures: options.readFigures,
      warn: options.warn ?? ((details, message) => app.log.warn(details, message)),
    });
    app.decorate('metrics', registry);
    app.decorate('businessMetrics', business);

    app.addHook('onResponse', async (request, reply) => {
      // route pattern, not the raw URL, so ids do not explode the label set
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const access = metricsAccess(request, options.token);
      if (access === 'unauthenticated') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(request, reply, 401, 'UNAUTHENTICATED');
      }
      if (access === 'forbidden') return sendError(request, reply, 403, 'FORBIDDEN');
      await refresh();
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
