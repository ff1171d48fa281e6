import type { Span } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { RequestTracer } from '../lib/otel-tracer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** sends the spans ended so far (tests; close() sends the rest) */
    flushTraces(): Promise<void>;
  }
}

export interface TracingOptions {
  /** where spans are POSTed (OTLP/HTTP) and the service's name; null: tracing off */
  tracing: { url: string; serviceName: string } | null;
}

/**
 * A span per HTTP request, exported over OTLP/HTTP (decision 052), named by the route pattern,
 * with the request id, and the caller's W3C `traceparent` as its parent. Off (nothing loaded, no
 * hook) without an endpoint: the OpenTelemetry packages are imported only when it is on.
 */
export default fp<TracingOptions>(
  async (app, options) => {
    if (!options.tracing) {
      app.decorate('flushTraces', async () => {});
      return;
    }
    const { startRequestTracer } = await import('../lib/otel-tracer.ts');
    const tracer: RequestTracer = startRequestTracer(options.tracing);
    const spans = new WeakMap<object, Span>();
    app.decorate('flushTraces', () => tracer.flush());

    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      const span = tracer.start({
        name: route ? `${request.method} ${route}` : request.method,
        headers: request.headers,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'url.path': request.url.split('?')[0] ?? '/',
          'url.scheme': request.protocol,
          'client.address': request.ip,
          'permuta.request_id': request.id,
          ...(request.headers['user-agent']
            ? { 'user_agent.original': request.headers['user-agent'] }
            : {}),
        },
      });
      spans.set(request, span);
    });
    app.addHook('onError', async (request, _reply, error) => {
      spans.get(request)?.recordException(error);
    });
    app.addHook('onResponse', async (request, reply) => {
      const span = spans.get(request);
      if (!span) return;
      spans.delete(request);
      tracer.end(span, reply.statusCode);
    });
    app.addHook('onClose', async () => {
      await tracer.shutdown().catch((error: unknown) => {
        app.log.warn({ err: error }, 'the last traces could not be sent');
      });
    });
  },
  { name: 'tracing' },
);
