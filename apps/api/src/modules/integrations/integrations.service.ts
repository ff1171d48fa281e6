import { eq, sql } from 'drizzle-orm';
import {
  INTEGRATION_PROVIDERS,
  integrationFieldsSchemas,
  integrationUpdateSchemaOf,
} from '@permuta/contracts';
import type {
  IntegrationConfig,
  IntegrationProblem,
  IntegrationProvider,
  IntegrationSecrets,
  IntegrationTest,
  IntegrationUpdate,
  IntegrationView,
  IntegrationsView,
} from '@permuta/contracts';
import { integrations, users } from '@permuta/db';
import type { Db, IntegrationRow, Tx } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { UnreadableSecretError } from '../../lib/secret-box.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/**
 * The providers money moves through by itself (decision 040): their settings, credentials and
 * switches, kept in the database so that the back office sets them without a deploy and every
 * instance reads the same. Credentials are encrypted at rest and never leave the API: the view
 * tells which are set, `read` hands them decrypted to the code that calls the provider.
 */

/** A provider's integration as the code that calls it needs it. */
export interface Integration<P extends IntegrationProvider = IntegrationProvider> {
  provider: P;
  config: Partial<IntegrationConfig<P>>;
  secrets: Partial<IntegrationSecrets<P>>;
  /** every field the provider needs is set */
  configured: boolean;
  deposits: boolean;
  payouts: boolean;
}

/** Tries a provider with the given settings (a harmless call: a token, an authorize). */
export type IntegrationTester = (integration: Integration) => Promise<IntegrationTest>;

export interface IntegrationActor {
  /** null: the system (the development demo's providers, decision 045) */
  adminId: string | null;
  ip: string | null;
}

export interface IntegrationsDeps {
  db: Db;
  box: SecretBox;
  now: () => Date;
  testers?: Partial<Record<IntegrationProvider, IntegrationTester>>;
  /**
   * told after a change committed (e.g. the PIX webhook registered with the PSP); a failure is
   * the hook's to report, the change stays
   */
  afterSave?: (provider: IntegrationProvider) => Promise<void>;
}

export interface UpdateOptions {
  /** write (and audit) only when the change changes something: see `update` */
  unlessUnchanged?: boolean;
}

/** Whether two maps of names to texts hold the same entries, whatever their order. */
function sameEntries(a: Record<string, string>, b: Record<string, string>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => b[name] === a[name]);
}

function missingOf(
  provider: IntegrationProvider,
  config: Record<string, string>,
  secrets: Record<string, string>,
): string[] {
  const { required } = integrationFieldsSchemas[provider];
  return [
    ...required.config.filter((name) => !config[name]).map((name) => `config.${name}`),
    ...required.secrets.filter((name) => !secrets[name]).map((name) => `secrets.${name}`),
  ];
}

export function createIntegrationsService({
  db,
  box,
  now,
  testers = {},
  afterSave,
}: IntegrationsDeps) {
  function secretsOf(row: IntegrationRow | undefined): Record<string, string> {
    if (!row?.secrets) return {};
    try {
      return JSON.parse(box.decrypt(row.secrets)) as Record<string, string>;
    } catch (error) {
      if (error instanceof UnreadableSecretError) {
        throw new AppError('INTEGRATION_UNREADABLE', 409, { provider: row.provider });
      }
      throw error;
    }
  }

  async function rowOf(db_: Db | Tx, provider: IntegrationProvider, lock = false) {
    const query = db_.select().from(integrations).where(eq(integrations.provider, provider));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  function integrationOf<P extends IntegrationProvider>(
    provider: P,
    row: IntegrationRow | undefined,
  ): Integration<P> {
    const config = row?.config ?? {};
    const secrets = secretsOf(row);
    const configured = missingOf(provider, config, secrets).length === 0;
    return {
      provider,
      config: config as Partial<IntegrationConfig<P>>,
      secrets: secrets as Partial<IntegrationSecrets<P>>,
      configured,
      // a switch on with something missing (a secret removed since) does nothing
      deposits: configured && (row?.depositsEnabled ?? false),
      payouts: configured && (row?.payoutsEnabled ?? false),
    };
  }

  async function viewOf(provider: IntegrationProvider, row: IntegrationRow | undefined) {
    let secretNames: string[];
    try {
      secretNames = Object.keys(secretsOf(row));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      secretNames = [];
    }
    const secrets = Object.fromEntries(secretNames.map((name) => [name, 'set']));
    const config = row?.config ?? {};
    let updatedBy: string | null = null;
    if (row?.updatedBy) {
      const [admin] = await db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, row.updatedBy));
      updatedBy = admin?.name ?? null;
    }
    const configured = missingOf(provider, config, secrets).length === 0;
    const view: IntegrationView = {
      provider,
      config,
      secretsSet: Object.fromEntries(
        Object.keys(integrationFieldsSchemas[provider].secrets.shape).map((name) => [
          name,
          secretNames.includes(name),
        ]),
      ),
      configured,
      deposits: row?.depositsEnabled ?? false,
      payouts: row?.payoutsEnabled ?? false,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy,
      problem:
        row?.problem && row.problemAt
          ? {
              code: row.problem as IntegrationProblem,
              detail: row.problemDetail,
              at: row.problemAt.toISOString(),
            }
          : null,
    };
    return view;
  }

  /** The provider answered again as it should: no problem to show. */
  async function clearProblem(provider: IntegrationProvider): Promise<void> {
    await db
      .update(integrations)
      .set({ problem: null, problemDetail: null, problemAt: null, updatedAt: sql`updated_at` })
      .where(eq(integrations.provider, provider));
  }

  return {
    async view(): Promise<IntegrationsView> {
      const rows = await db.select().from(integrations);
      return {
        integrations: await Promise.all(
          INTEGRATION_PROVIDERS.map((provider) =>
            viewOf(
              provider,
              rows.find((row) => row.provider === provider),
            ),
          ),
        ),
      };
    },

    /**
     * A change of one provider, checked by its own schema, in one transaction with its audit
     * entry (which names the secrets changed, never their values). A switch turns on only when
     * every field the provider needs is set (422 INTEGRATION_INCOMPLETE naming the fields).
     * With `unlessUnchanged`, a change that leaves the stored integration as it is (its settings,
     * its decrypted credentials and its switches) writes nothing, audits nothing and tells no one.
     */
    async update(
      actor: IntegrationActor,
      provider: IntegrationProvider,
      body: IntegrationUpdate,
      { unlessUnchanged = false }: UpdateOptions = {},
    ): Promise<IntegrationView> {
      const parsed = integrationUpdateSchemaOf(provider).safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fields[issue.path.join('.') || '_'] ??= issue.message;
        }
        throw new AppError('VALIDATION_ERROR', 422, {}, fields);
      }
      const change = parsed.data;
      const row = await db.transaction(async (tx) => {
        const current = await rowOf(tx, provider, true);
        const config: Record<string, string> = { ...current?.config };
        for (const [name, value] of Object.entries(change.config ?? {})) {
          if (typeof value === 'string') config[name] = value;
        }
        let secrets: Record<string, string>;
        // what is stored, decrypted; null when there is nothing or it cannot be read
        let stored: Record<string, string> | null = null;
        try {
          secrets = secretsOf(current);
          if (current) stored = { ...secrets };
        } catch (error) {
          // unreadable under this AUTH_SECRET: only a change that sets every secret anew helps
          if (!(error instanceof AppError)) throw error;
          secrets = {};
        }
        const secretsChanged: string[] = [];
        for (const [name, value] of Object.entries(change.secrets ?? {})) {
          if (value === undefined) continue;
          if (value === null) delete secrets[name];
          else secrets[name] = value as string;
          secretsChanged.push(name);
        }
        const deposits = change.deposits ?? current?.depositsEnabled ?? false;
        const payouts = change.payouts ?? current?.payoutsEnabled ?? false;
        const missing = missingOf(provider, config, secrets);
        if ((deposits || payouts) && missing.length > 0) {
          throw new AppError(
            'INTEGRATION_INCOMPLETE',
            422,
            { fields: missing.join(', ') },
            Object.fromEntries(missing.map((name) => [name, 'field.required'])),
          );
        }
        if (
          unlessUnchanged &&
          current &&
          stored &&
          sameEntries(current.config, config) &&
          sameEntries(stored, secrets) &&
          current.depositsEnabled === deposits &&
          current.payoutsEnabled === payouts
        ) {
          return { saved: current, changed: false };
        }
        const values = {
          config,
          secrets: Object.keys(secrets).length > 0 ? box.encrypt(JSON.stringify(secrets)) : null,
          depositsEnabled: deposits,
          payoutsEnabled: payouts,
          // new settings: whatever the provider refused before is to be seen again
          problem: null,
          problemDetail: null,
          problemAt: null,
          updatedBy: actor.adminId,
          updatedAt: now(),
        };
        const [saved] = await tx
          .insert(integrations)
          .values({ provider, ...values })
          .onConflictDoUpdate({ target: integrations.provider, set: values })
          .returning();
        await writeAudit(tx, {
          actorType: actor.adminId ? 'admin' : 'system',
          actorId: actor.adminId,
          action: 'integration.updated',
          entityType: 'integration',
          entityId: provider,
          ip: actor.ip,
          before: {
            config: current?.config ?? {},
            deposits: current?.depositsEnabled ?? false,
            payouts: current?.payoutsEnabled ?? false,
          },
          after: { config, deposits, payouts, secretsChanged },
        });
        return { saved, changed: true };
      });
      if (row.changed && afterSave) await afterSave(provider);
      return viewOf(provider, row.saved);
    },

    /** The provider's integration, credentials decrypted (for the code that calls it). */
    async read<P extends IntegrationProvider>(provider: P): Promise<Integration<P>> {
      return integrationOf(provider, await rowOf(db, provider));
    },

    /** Tries the stored settings of a provider against it. */
    async test(provider: IntegrationProvider): Promise<IntegrationTest> {
      const integration = integrationOf(provider, await rowOf(db, provider));
      if (!integration.configured) {
        return {
          ok: false,
          result: 'incomplete',
          detail: missingOf(
            provider,
            integration.config as Record<string, string>,
            integration.secrets as Record<string, string>,
          ).join(', '),
          account: null,
        };
      }
      const tester = testers[provider];
      if (!tester) return { ok: false, result: 'not_available', detail: null, account: null };
      const result = await tester(integration);
      if (result.ok) await clearProblem(provider);
      return result;
    },

    /**
     * Records what the provider refused while moving money (decision 048), once per problem: the
     * first time and its words stay until the settings are saved or a test passes. Audited.
     */
    async recordProblem(
      provider: IntegrationProvider,
      problem: IntegrationProblem,
      detail: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await rowOf(tx, provider, true);
        if (!current || current.problem === problem) return;
        await tx
          .update(integrations)
          .set({
            problem,
            problemDetail: detail.slice(0, 500),
            problemAt: now(),
            // the settings did not change
            updatedAt: current.updatedAt,
          })
          .where(eq(integrations.provider, provider));
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'integration.problem',
          entityType: 'integration',
          entityId: provider,
          ip: null,
          before: { problem: current.problem },
          after: { problem, detail: detail.slice(0, 500) },
        });
      });
    },

    clearProblem,
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
