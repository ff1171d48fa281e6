/**
 * The OpenTelemetry side of tracing (decision 052): loaded by plugins/tracing.ts with a dynamic
 * import, and only when an OTLP endpoint is configured, so that an instance without one loads
 * none of these packages. The trace SDK and the OTLP/HTTP exporter (JSON), no auto-instrumentation.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter } from '@opentelemetry/api';
import type { Attributes, Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

export interface ServerSpanStart {
  name: string;
  headers: Record<string, string | string[] | undefined>;
  attributes: Attributes;
}

export interface RequestTracer {
  /** a server span, child of the caller's `traceparent` when it sent one */
  start(request: ServerSpanStart): Span;
  /** ends a server span with the response's status (5xx marks it as an error) */
  end(span: Span, statusCode: number): void;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export function startRequestTracer(options: { url: string; serviceName: string }): RequestTracer {
  // OTEL_RESOURCE_ATTRIBUTES from the environment, the service's name from the configuration
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ 'service.name': options.serviceName }),
  );
  const provider = new TracerProvider({
    resource,
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: options.url }) }),
    ],
  });
  const tracer = provider.getTracer('permuta-api');
  const propagator = new W3CTraceContextPropagator();

  return {
    start(request) {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      return tracer.startSpan(
        request.name,
        { kind: SpanKind.SERVER, attributes: request.attributes },
        parent,
      );
    },
    end(span, statusCode) {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
