import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the configuration of metrics and traces', () => {
  it('traces nowhere unless an OTLP endpoint is set', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'x' }).tracing).toBeNull();
  });

  it('sends traces to the base endpoint plus /v1/traces, or to the traces endpoint as is', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'permuta-api',
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp/spans',
        OTEL_SERVICE_NAME: 'permuta-eu',
      }).tracing,
    ).toEqual({ url: 'https://traces.example/otlp/spans', serviceName: 'permuta-eu' });
  });

  it('turns traces off with OTEL_SDK_DISABLED and refuses an endpoint that is no URL', () => {
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }).tracing,
    ).toBeNull();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318 ' })).toThrow(
      ConfigError,
    );
  });

  it('refuses a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe(
      'a-long-enough-token',
    );
  });
});
