import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Prometheus metrics at /metrics: process defaults plus request durations per route. */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    app.addHook('onResponse', async (request, reply) => {
      // route pattern, not the raw URL, so ids do not explode the label set
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics' },
);
