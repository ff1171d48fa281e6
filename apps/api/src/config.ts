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
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, ".", "_" or "-" (at most 64)')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  JOBS_WORKERS: booleanFromEnv.default(true),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_SSE: z.enum(['AES256', 'aws:kms']).optional(),
  S3_SSE_KMS_KEY_ID: z.string().min(1).optional(),
  S3_CHECKSUMS: z.enum(['when_supported', 'when_required']).default('when_supported'),
  /** the Telegram bot's token (from @BotFather); unset: no Telegram notifications */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token (<id>:<secret>)')
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  /** the bot's username, without @, for the t.me link */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'must be a Telegram username (without @)')
    .optional(),
  /** the VAPID key pair of browser push (base64url, P-256); unset: generated into DATA_DIR */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** who push services may contact: mailto: or https: */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  // OpenTelemetry's own variables (the exporter also reads OTEL_EXPORTER_OTLP_HEADERS and
  // OTEL_EXPORTER_OTLP_TIMEOUT, the resource OTEL_RESOURCE_ATTRIBUTES, from the environment)
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('permuta-api'),
  OTEL_SDK_DISABLED: booleanFromEnv.default(false),
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
   * On SIGTERM, how long the open keep-alive connections may stay after the server stops
   * accepting: each closes after its next answer, or when the proxy drops it (decision 055).
   */
  shutdownDrainMs: number;
  /** Named in an `x-instance` header of every answer when set (which instance served it). */
  instanceId: string | undefined;
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
  /** bearer token of /metrics; unset: only direct requests from private addresses (decision 052) */
  metricsToken: string | undefined;
  /**
   * Traces of the HTTP requests sent over OTLP/HTTP (decision 052): the URL spans are POSTed to
   * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces); null: off
   */
  tracing: { url: string; serviceName: string } | null;
  /**
   * Where uploaded files live: `disk` (`${dataDir}/uploads`, or memory for a memory:// data dir)
   * or an S3 bucket; credentials come from the AWS SDK's own chain (decision 049).
   */
  storage: StorageConfig;
  /**
   * Browser push's VAPID keys (decision 060); null keys: generated once and kept in DATA_DIR
   * (vapid-keys.json), as the auth secret. The subject defaults to PUBLIC_URL.
   */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
  /** the bot of the Telegram notifications (decision 060); null: not offered */
  telegram: { token: string; apiUrl: string; username: string } | null;
}

export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  bucket: string;
  /** an S3-compatible server; unset: AWS S3 of the region */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** server-side encryption asked on every write; unset: the bucket's default */
  sse: 'AES256' | 'aws:kms' | undefined;
  sseKmsKeyId: string | undefined;
  /** the SDK's flexible checksums: on every request it supports, or only where required */
  checksums: 'when_supported' | 'when_required';
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

function tracingOf(e: z.infer<typeof envSchema>): AppConfig['tracing'] {
  if (e.OTEL_SDK_DISABLED) return null;
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`
      : undefined);
  return url ? { url, serviceName: e.OTEL_SERVICE_NAME } : null;
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
  if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_BOT_USERNAME)) {
    throw new ConfigError(
      'Invalid configuration:\n  TELEGRAM_BOT_USERNAME: set with TELEGRAM_BOT_TOKEN (both or neither)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PRIVATE_KEY: set with VAPID_PUBLIC_KEY (both or neither)',
    );
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (e.S3_SSE_KMS_KEY_ID && e.S3_SSE !== 'aws:kms') {
    throw new ConfigError('Invalid configuration:\n  S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms');
  }
  const storage: StorageConfig =
    e.STORAGE === 's3'
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET!,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          sse: e.S3_SSE,
          sseKmsKeyId: e.S3_SSE_KMS_KEY_ID,
          checksums: e.S3_CHECKSUMS,
        }
      : { kind: 'disk' };
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
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    instanceId: e.INSTANCE_ID,
    authSecret: e.AUTH_SECRET,
    jobsWorkers: e.JOBS_WORKERS,
    storage,
    metricsToken: e.METRICS_TOKEN,
    tracing: tracingOf(e),
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@permuta.example'),
    },
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_USERNAME
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            apiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ''),
            username: e.TELEGRAM_BOT_USERNAME,
          }
        : null,
  };
}
