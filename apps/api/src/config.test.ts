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

  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
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
});
