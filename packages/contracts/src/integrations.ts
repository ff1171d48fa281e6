import { z } from 'zod';
import './zod-config.ts';

/**
 * The providers money moves through by itself (issue 17), as the back office's Integrations page
 * sets them (decision 040):
 * - GET  /api/v1/admin/integrations                  -> integrationsViewSchema
 * - PUT  /api/v1/admin/integrations/:provider        integrationUpdateSchema -> integrationViewSchema
 * - POST /api/v1/admin/integrations/:provider/test   -> integrationTestSchema
 *
 * Credentials are written, never read back: the view says only which secrets are set. The
 * platform's PIX key and Deriv account stay in the general settings (one source for the static
 * BR Code, the order page and the providers).
 */
export const INTEGRATION_PROVIDERS = ['pix', 'deriv'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];
export const integrationProviderSchema = z.enum(INTEGRATION_PROVIDERS);

/** What a provider refused while moving money that an admin must fix in the settings. */
export const INTEGRATION_PROBLEMS = ['token_refused'] as const;
export type IntegrationProblem = (typeof INTEGRATION_PROBLEMS)[number];

/** Text without control characters (a NUL byte, a line break in a client id: refused). */
const plain = (max: number) =>
  z
    .string({ error: 'field.invalid' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(max, { error: 'field.invalid' })
    .refine((value) => !/\p{Cc}/u.test(value), { error: 'field.invalid' });

/** An https address (http only on this machine's loopback: the local fakes in development). */
const serviceUrl = (schemes: readonly string[]) =>
  plain(500).refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      const scheme = url.protocol.replace(/:$/, '');
      return (
        !url.username &&
        !url.password &&
        (schemes.includes(scheme) || (local && schemes.includes(`${scheme}s`)))
      );
    },
    { error: 'integration.url' },
  );

/** A PEM block of the kind named (a certificate or a private key), as pasted. */
const pem = (label: RegExp) =>
  z
    .string({ error: 'field.invalid' })
    .max(20_000, { error: 'field.invalid' })
    .refine((value) => label.test(value) && !value.includes('\u0000'), {
      error: 'integration.pem',
    });

/** What each provider keeps: its plain settings and its secrets, field by field. */
export const integrationFieldsSchemas = {
  pix: {
    config: z.strictObject({
      /** the PSP's API Pix address, e.g. https://pix.api.efipay.com.br */
      apiUrl: serviceUrl(['https']),
      clientId: plain(200),
    }),
    secrets: z.strictObject({
      clientSecret: plain(500),
      /** the PSP's client certificate and its key (mTLS), PEM */
      certificate: pem(/-----BEGIN CERTIFICATE-----/),
      privateKey: pem(/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/),
      /** for PSPs that sign their webhooks (x-pix-signature) */
      webhookSecret: plain(500),
    }),
    required: { config: ['apiUrl', 'clientId'], secrets: ['clientSecret'] },
  },
  deriv: {
    config: z.strictObject({
      /** Deriv's WebSocket API, e.g. wss://ws.derivws.com/websockets/v3 */
      wsUrl: serviceUrl(['wss']),
      appId: z
        .string({ error: 'field.invalid' })
        .trim()
        .regex(/^[1-9]\d{0,9}$/, { error: 'integration.appId' }),
    }),
    secrets: z.strictObject({
      /** the payment agent's API token (scopes: read, payments) */
      token: z
        .string({ error: 'field.invalid' })
        .trim()
        .regex(/^[\w-]{8,128}$/, { error: 'integration.token' }),
    }),
    required: { config: ['wsUrl', 'appId'], secrets: ['token'] },
  },
} as const;

export type IntegrationConfig<P extends IntegrationProvider> = z.infer<
  (typeof integrationFieldsSchemas)[P]['config']
>;
export type IntegrationSecrets<P extends IntegrationProvider> = z.infer<
  (typeof integrationFieldsSchemas)[P]['secrets']
>;

/**
 * A change: only the fields sent change. A secret sent as null is removed; a secret left out
 * is kept. A switch turns on only when everything the provider needs is set.
 */
export function integrationUpdateSchemaOf<P extends IntegrationProvider>(provider: P) {
  const fields = integrationFieldsSchemas[provider];
  return z.strictObject({
    config: fields.config.partial().optional(),
    secrets: z
      .strictObject(
        Object.fromEntries(
          Object.entries(fields.secrets.shape).map(([name, schema]) => [
            name,
            (schema as z.ZodType).nullable().optional(),
          ]),
        ),
      )
      .optional(),
    deposits: z.boolean({ error: 'field.invalid' }).optional(),
    payouts: z.boolean({ error: 'field.invalid' }).optional(),
  });
}

/** The body of PUT /admin/integrations/:provider, whichever provider (checked per provider). */
export const integrationUpdateSchema = z
  .object({
    config: z.record(z.string(), z.string()).optional(),
    secrets: z.record(z.string(), z.string().nullable()).optional(),
    deposits: z.boolean().optional(),
    payouts: z.boolean().optional(),
  })
  .meta({ id: 'IntegrationUpdate' });
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

export const integrationViewSchema = z
  .object({
    provider: integrationProviderSchema,
    /** the plain settings as stored (absent ones are missing) */
    config: z.record(z.string(), z.string()),
    /** which secrets are set: never their values */
    secretsSet: z.record(z.string(), z.boolean()),
    /** every field the provider needs is set */
    configured: z.boolean(),
    /** deposits detected and credited by themselves */
    deposits: z.boolean(),
    /** payouts made by themselves (within the risk limits) */
    payouts: z.boolean(),
    updatedAt: z.iso.datetime().nullable(),
    updatedBy: z.string().nullable(),
    /**
     * What the provider last refused while money was being moved (`token_refused`: Deriv refused
     * the API token), its words and when; null since the settings were saved or a test passed.
     */
    problem: z
      .object({
        code: z.enum(INTEGRATION_PROBLEMS),
        detail: z.string().nullable(),
        at: z.iso.datetime(),
      })
      .nullable(),
  })
  .meta({ id: 'Integration' });
export type IntegrationView = z.infer<typeof integrationViewSchema>;

export const integrationsViewSchema = z
  .object({ integrations: z.array(integrationViewSchema) })
  .meta({ id: 'Integrations' });
export type IntegrationsView = z.infer<typeof integrationsViewSchema>;

/** The answer of a connection test: what the provider said, in a code the screen translates. */
export const integrationTestSchema = z
  .object({
    ok: z.boolean(),
    /** e.g. connected, credentials_refused, unreachable, timeout, account_mismatch */
    result: z.string(),
    /** the provider's own words, when it gave any (shown as is) */
    detail: z.string().nullable(),
    /** what was checked, e.g. the agent's login id the token belongs to */
    account: z.string().nullable(),
  })
  .meta({ id: 'IntegrationTest' });
export type IntegrationTest = z.infer<typeof integrationTestSchema>;

/**
 * The Integrations page's form of one provider, as its fields are named (flat): each setting and
 * credential by its own name, the switches as booleans. A setting or credential left empty is
 * not sent (a stored credential stays; the page removes one with its own button).
 */
export function integrationFormSchemaOf(provider: IntegrationProvider) {
  const fields = integrationFieldsSchemas[provider];
  const optional = (schema: z.ZodType) => z.union([z.literal(''), schema]);
  return z.object({
    ...Object.fromEntries(
      Object.entries({ ...fields.config.shape, ...fields.secrets.shape }).map(([name, schema]) => [
        name,
        optional(schema as z.ZodType),
      ]),
    ),
    // a switch the page shows disabled (not available yet) is not in the form
    deposits: z.boolean({ error: 'field.invalid' }).optional(),
    payouts: z.boolean({ error: 'field.invalid' }).optional(),
  });
}

/** The change a filled form makes (see integrationFormSchemaOf): empty fields are left out. */
export function integrationUpdateFromForm(
  provider: IntegrationProvider,
  values: Record<string, string | boolean>,
): IntegrationUpdate {
  const fields = integrationFieldsSchemas[provider];
  const pick = (names: string[]) =>
    Object.fromEntries(
      names
        .map((name) => [name, values[name]] as const)
        .filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
        ),
    );
  return {
    config: pick(Object.keys(fields.config.shape)),
    secrets: pick(Object.keys(fields.secrets.shape)),
    ...(typeof values.deposits === 'boolean' ? { deposits: values.deposits } : {}),
    ...(typeof values.payouts === 'boolean' ? { payouts: values.payouts } : {}),
  };
}

/** The form field an API field message belongs to (`config.apiUrl` -> `apiUrl`). */
export function integrationFormField(apiField: string): string {
  return apiField.replace(/^(?:config|secrets)\./, '');
}
