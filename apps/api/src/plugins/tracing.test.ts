import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';

/**
 * Traces over OTLP/HTTP (decision 052) against a fake receiver that records what the exporter
 * POSTs, and the request id an instance behind a proxy keeps.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface OtlpSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A tiny OTLP/HTTP receiver: keeps each export request (path, content type, JSON body). */
class FakeOtlpReceiver {
  readonly received: { path: string; contentType: string; body: OtlpExport }[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'] ?? '',
          body: JSON.parse(text) as OtlpExport,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  spans(): { span: OtlpSpan; resource: OtlpAttribute[] }[] {
    return this.received.flatMap((r) =>
      r.body.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) =>
          ss.spans.map((span) => ({ span, resource: rs.resource.attributes })),
        ),
      ),
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function attribute(attributes: OtlpAttribute[], key: string): string | undefined {
  const value = attributes.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  return value.stringValue ?? (value.intValue !== undefined ? String(value.intValue) : undefined);
}

describe('traces over OTLP/HTTP', () => {
  const receiver = new FakeOtlpReceiver();
  let t: TestApp;
  beforeAll(async () => {
    const endpoint = await receiver.start();
    t = await buildTestApp({
      seed: false,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'permuta-test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('exports a span per request with its route, status and request id', async () => {
    const response = await t.app.inject({
      url: '/api/v1/tokens?x=1',
      headers: { 'x-request-id': 'trace-test-0001' },
    });
    expect(response.statusCode).toBe(200);
    const missing = await t.app.inject({
      url: '/api/v1/orders/00000000-0000-0000-0000-000000000000/nothing',
      headers: { 'x-request-id': 'trace-test-0002' },
    });
    expect(missing.statusCode).toBe(404);
    await t.app.flushTraces();

    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received[0]!.path).toBe('/v1/traces');
    expect(receiver.received[0]!.contentType).toMatch(/^application\/json/);
    const spans = receiver.spans();
    const tokens = spans.find(
      (s) => attribute(s.span.attributes, 'permuta.request_id') === 'trace-test-0001',
    );
    expect(tokens).toBeDefined();
    expect(tokens!.span.name).toBe('GET /api/v1/tokens');
    expect(tokens!.span.kind).toBe(2); // SPAN_KIND_SERVER
    expect(attribute(tokens!.span.attributes, 'http.route')).toBe('/api/v1/tokens');
    expect(attribute(tokens!.span.attributes, 'url.path')).toBe('/api/v1/tokens');
    expect(attribute(tokens!.span.attributes, 'http.response.status_code')).toBe('200');
    expect(attribute(tokens!.resource, 'service.name')).toBe('permuta-test');
    const notFound = spans.find(
      (s) => attribute(s.span.attributes, 'permuta.request_id') === 'trace-test-0002',
    );
    expect(notFound?.span.name).toBe('GET');
    expect(attribute(notFound!.span.attributes, 'http.response.status_code')).toBe('404');
  });

  it("continues the caller's trace from its traceparent header", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    await t.app.inject({
      url: '/healthz',
      headers: { traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'trace-test-0003' },
    });
    await t.app.flushTraces();
    const span = receiver
      .spans()
      .find((s) => attribute(s.span.attributes, 'permuta.request_id') === 'trace-test-0003');
    expect(span?.span.traceId).toBe(traceId);
    expect(span?.span.parentSpanId).toBe(parentId);
  });
});

describe('request ids', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    t = await buildTestApp({ seed: false, app: { logger: { level: 'info', stream } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the proxy's x-request-id in the answer, the error body and every JSON log line", async () => {
    const id = 'edge-7f3a9c21-req';
    const response = await t.app.inject({
      url: '/api/v1/nothing-here',
      headers: { 'x-request-id': id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.json().error.requestId).toBe(id);
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
  });

  it('makes a new id when the incoming one is not a plain token', async () => {
    const response = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(id);
  });
});
