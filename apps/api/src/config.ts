import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the process, read once from the environment and validated. A bad value stops
 * the process at start with a message naming the variable. The README's configuration table
 * lists the same variables; keep both in step.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Unset: http://localhost:<PORT>, the address a developer opens. */
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of value.split(',').map((part) => part.trim())) {
        if (item === '') continue;
        const url = URL.canParse(item) ? new URL(item) : null;
        if (!url || !['http:', 'https:'].includes(url.protocol)) {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${item}` });
          return z.NEVER;
        }
        const origin = url.origin;
        origins.push(origin);
      }
      return origins;
    })
    .optional(),
  BRAND_NAME: z.string().min(1).max(40).default('Permuta'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Permuta <no-reply@permuta.example>'),
  EXCHANGE_API_URL: z.url().default('https://api.binance.com'),
  EXCHANGE_API_KEY: z.string().optional(),
  EXCHANGE_API_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Unset: the rate limit counts in the database; set: in this Redis (decision 050). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of the rate limit's Redis keys (several deployments may share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('permuta:rate-limit:'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/build/client')),
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  DEMO_PROVIDERS: booleanFromEnv.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  AUTH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  JOBS_WORKERS: booleanFromEnv.default(true),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Origins whose pages may send state-changing requests with the session cookie: PUBLIC_URL's
   * origin, then ALLOWED_ORIGINS (see plugins/same-origin.ts).
   */
  allowedOrigins: string[];
  brandName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  exchange: { apiUrl: string; apiKey: string | undefined; apiSecret: string | undefined };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimitPerMinute: number;
  /** where the rate limit counts: this Redis, or the database when unset */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  webDistDir: string;
  /** seed demo data and a first admin into an empty database (never in production) */
  seedDemoData: boolean;
  /**
   * Start the fake PSP, Deriv and exchange in this process and point the app at them, with the
   * order page's "simulate payment" (decision 045). Default on in development only; never in
   * production.
   */
  demoProviders: boolean;
  shutdownTimeoutMs: number;
  /**
   * Signs session cookies and encrypts two-factor secrets. Required in production; elsewhere,
   * when unset, one is generated and kept in DATA_DIR (see auth.secret.ts).
   */
  authSecret: string | undefined;
  /**
   * Run background jobs in this process (workers, cron schedules, queue maintenance). Off: the
   * process only enqueues (an API-only instance; the tests, which drive jobs with drain()).
   */
  jobsWorkers: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The configuration of a command (the server, the CLI): an invalid one prints why and exits
 * with 78 (EX_CONFIG).
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(
    Object.fromEntries(
      Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
    ),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  if (production && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)',
    );
  }
  if (production && e.SEED_DEMO_DATA) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO_DATA: demo data is never seeded in production',
    );
  }
  if (production && e.DEMO_PROVIDERS) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_PROVIDERS: the demo providers never run in production',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    allowedOrigins: [...new Set([new URL(publicUrl).origin, ...(e.ALLOWED_ORIGINS ?? [])])],
    brandName: e.BRAND_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    exchange: {
      apiUrl: e.EXCHANGE_API_URL,
      apiKey: e.EXCHANGE_API_KEY,
      apiSecret: e.EXCHANGE_API_SECRET,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    demoProviders: !production && (e.DEMO_PROVIDERS ?? e.NODE_ENV === 'development'),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    authSecret: e.AUTH_SECRET,
    jobsWorkers: e.JOBS_WORKERS,
  };
}
