import type { Db, Settings } from '@permuta/db';
import {
  SETTINGS_KEYS,
  SETTINGS_SUCCESS_MESSAGES,
  fieldsCheckedBy,
  normalizePixKey,
  publicSettingsOf,
  settingsSchema,
} from '@permuta/contracts';
import type {
  Locale,
  PublicSettings,
  SettingsHistory,
  SettingsKey,
  SettingsSaved,
  SettingsUpdate,
  SettingsValues,
  SettingsView,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { SettingsChanged } from '../../lib/settings-changed.ts';
import * as repo from './settings.repository.ts';

/** How long the public settings are reused on this instance between two changes. */
export const PUBLIC_SETTINGS_CACHE_MS = 2000;
const HISTORY_SIZE = 20;

export interface Actor {
  adminId: string;
  ip: string;
  locale: Locale;
  /** whether this admin signs in with two-factor (needed to make it mandatory for all) */
  twoFactorEnabled: boolean;
}

export interface SettingsServiceDeps {
  db: Db;
  now: () => Date;
  changed: SettingsChanged;
  /** whether the exchange API key and secret are configured (automatic payouts need them) */
  exchangeConfigured: boolean;
}

/** JSON with object keys sorted, to compare values whatever order jsonb keeps keys in. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function pick(values: SettingsValues, keys: readonly SettingsKey[]): Partial<SettingsValues> {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<SettingsValues>;
}

/**
 * The general settings: the admin's view and change (audited, in one transaction with the
 * change), the visitors' view, and the two-factor switch of the admin-accounts screen. After a
 * committed change it emits `settingsChanged`, so that every copy of the settings on this
 * instance is dropped at once.
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { db, now, changed } = deps;

  // The public view reads the row at most every PUBLIC_SETTINGS_CACHE_MS; a change forgets it.
  let cached: { row: Settings; expires: number } | null = null;
  let loading: Promise<Settings> | null = null;
  let generation = 0;

  function cachedRow(): Promise<Settings> {
    if (cached && cached.expires > Date.now()) return Promise.resolve(cached.row);
    if (loading) return loading;
    const started = generation;
    const load = repo
      .readSettingsRow(db)
      .then((row) => {
        // a read that began before a change must not be kept
        if (started === generation)
          cached = { row, expires: Date.now() + PUBLIC_SETTINGS_CACHE_MS };
        return row;
      })
      .finally(() => {
        if (loading === load) loading = null;
      });
    loading = load;
    return load;
  }

  function forget() {
    generation += 1;
    cached = null;
    loading = null;
  }
  changed.on(forget);

  async function view(row: Settings): Promise<SettingsView> {
    return {
      ...repo.valuesOf(row),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: await repo.usernameOf(db, row.updatedBy),
      exchangeConfigured: deps.exchangeConfigured,
    };
  }

  return {
    async get(): Promise<SettingsView> {
      return view(await repo.readSettingsRow(db));
    },

    async publicSettings(): Promise<PublicSettings> {
      return publicSettingsOf(repo.valuesOf(await cachedRow()), now());
    },

    /**
     * Applies a partial change: the stored values merged with the change must pass the shared
     * rules (the fields changed and the fields their rules read), default tokens must exist and
     * be enabled; 422 VALIDATION_ERROR with the fields otherwise. Only fields whose value differs
     * are written and audited (before and after of those fields).
     */
    async update(
      actor: Actor,
      patch: SettingsUpdate,
      options: { action?: string } = {},
    ): Promise<SettingsSaved> {
      const keys = SETTINGS_KEYS.filter((key) => patch[key] !== undefined);
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockSettingsRow(tx);
        const current = repo.valuesOf(row);
        const next = { ...current, ...pick(patch as SettingsValues, keys) };
        if (keys.includes('pixKey') && next.pixKeyType && next.pixKey) {
          next.pixKey = normalizePixKey(next.pixKeyType, next.pixKey) ?? next.pixKey;
        }

        const fields: Record<string, string> = {};
        const checked = fieldsCheckedBy(keys);
        const result = settingsSchema.safeParse(next);
        if (!result.success) {
          for (const issue of result.error.issues) {
            if (!checked.has(String(issue.path[0]))) continue;
            fields[issue.path.join('.')] ??= issue.message;
          }
        }
        const tokenKeys = (['defaultSendToken', 'defaultReceiveToken'] as const).filter(
          (key) => keys.includes(key) && next[key] !== null && !fields[key],
        );
        const enabled = await repo.enabledTokenCodes(
          tx,
          tokenKeys.map((key) => next[key] as string),
        );
        for (const key of tokenKeys) {
          if (!enabled.has(next[key] as string)) fields[key] = 'token.unavailable';
        }
        if (
          keys.includes('twoFactorRequired') &&
          next.twoFactorRequired &&
          !current.twoFactorRequired &&
          !actor.twoFactorEnabled
        ) {
          fields.twoFactorRequired = 'settings.twoFactorOwn';
        }
        if (Object.keys(fields).length > 0) {
          throw new AppError('VALIDATION_ERROR', 422, {}, fields);
        }

        const changedKeys = keys.filter((key) => stable(current[key]) !== stable(next[key]));
        if (changedKeys.length === 0) return { row, changedKeys };
        const updated = await repo.updateSettingsRow(
          tx,
          pick(next, changedKeys),
          actor.adminId,
          now(),
        );
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: actor.adminId,
          action: options.action ?? 'settings.updated',
          entityType: 'settings',
          entityId: '1',
          ip: actor.ip,
          before: pick(current, changedKeys),
          after: pick(next, changedKeys),
        });
        return { row: updated, changedKeys };
      });

      // After the commit: every copy of the settings on this instance is now stale.
      if (outcome.changedKeys.length > 0) changed.emit({ fields: outcome.changedKeys });
      return {
        message:
          SETTINGS_SUCCESS_MESSAGES[outcome.changedKeys.length > 0 ? 'saved' : 'unchanged'][
            actor.locale
          ],
        changed: outcome.changedKeys,
        settings: await view(outcome.row),
      };
    },

    /** The latest changes of the settings, newest first (from the audit log). */
    async history(): Promise<SettingsHistory> {
      const rows = await repo.settingsAuditEntries(db, HISTORY_SIZE);
      return {
        items: rows.map((row) => {
          const before = row.before ?? {};
          const after = row.after ?? {};
          const fieldNames = [...new Set([...Object.keys(before), ...Object.keys(after)])];
          return {
            id: row.id,
            at: row.createdAt.toISOString(),
            actor: row.actor,
            changes: fieldNames.map((field) => ({
              field,
              before: before[field as SettingsKey] ?? null,
              after: after[field as SettingsKey] ?? null,
            })),
          };
        }),
      };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
