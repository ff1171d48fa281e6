import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      seedDemoData: true,
      brandName: 'Permuta',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('without PUBLIC_URL names the port it really listens on (banner, links, origin check)', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(config.publicUrl).toBe('http://localhost:3100');
    expect(config.allowedOrigins).toEqual(['http://localhost:3100']);
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://exchange.example/' }).publicUrl).toBe(
      'https://exchange.example',
    );
  });

  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it("trusts PUBLIC_URL's origin and the ALLOWED_ORIGINS list for signed-in changes", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://exchange.example/app/' }).allowedOrigins).toEqual([
      'https://exchange.example',
    ]);
    const config = loadConfig({
      PUBLIC_URL: 'https://exchange.example',
      ALLOWED_ORIGINS: ' https://desk.example:8443/ ,,http://LOCALHOST:5173',
    });
    expect(config.allowedOrigins).toEqual([
      'https://exchange.example',
      'https://desk.example:8443',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'desk.example' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://desk.example' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('never seeds demo data in production', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).seedDemoData).toBe(false);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO_DATA: 'true' }),
    ).toThrow(/SEED_DEMO_DATA/);
  });

  it('runs background jobs unless told not to', () => {
    expect(loadConfig({}).jobsWorkers).toBe(true);
    expect(loadConfig({ JOBS_WORKERS: 'false' }).jobsWorkers).toBe(false);
    expect(() => loadConfig({ JOBS_WORKERS: 'maybe' })).toThrow(/JOBS_WORKERS/);
  });

  it('drains kept-alive connections for 5 s on a stop unless told otherwise', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('takes an instance name of letters, digits, dots, dashes and underscores', () => {
    expect(loadConfig({}).instanceId).toBeUndefined();
    expect(loadConfig({ INSTANCE_ID: 'api-2.eu_west' }).instanceId).toBe('api-2.eu_west');
    expect(() => loadConfig({ INSTANCE_ID: 'two words' })).toThrow(/INSTANCE_ID/);
  });
});
