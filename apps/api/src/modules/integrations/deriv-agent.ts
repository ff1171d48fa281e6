import type { IntegrationTest } from '@permuta/contracts';
import { settings } from '@permuta/db';
import type { Db } from '@permuta/db';
import { createDerivClient } from '../../adapters/deriv/deriv-client.ts';
import {
  DerivNotConfiguredError,
  DerivRejectedError,
  DerivTimeoutError,
  isDerivError,
} from '../../adapters/deriv/deriv.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Integration, IntegrationTester } from './integrations.service.ts';

/**
 * The payment agent's Deriv client as the Deriv integration is configured now (decision 040):
 * one connection, kept while the settings stay the same, replaced (and the old one closed) when
 * the admin changes the endpoint, the app id or the token.
 */

/** The endpoint of the integration's settings: the WebSocket address with its app_id. */
export function derivEndpoint(config: { wsUrl?: string; appId?: string }): string | null {
  if (!config.wsUrl || !config.appId) return null;
  const url = new URL(config.wsUrl);
  url.searchParams.set('app_id', config.appId);
  return url.toString();
}

export interface DerivAgents {
  /** the client for the stored settings, or null when the integration is not configured */
  current(): Promise<DerivAgent | null>;
  close(): Promise<void>;
}

export function createDerivAgents(
  read: () => Promise<Integration<'deriv'>>,
  options: { timeoutMs?: number } = {},
): DerivAgents {
  let held: { key: string; agent: DerivAgent } | null = null;

  return {
    async current() {
      let integration: Integration<'deriv'>;
      try {
        integration = await read();
      } catch (error) {
        // credentials unreadable under this AUTH_SECRET: as good as not configured
        if (error instanceof AppError && error.code === 'INTEGRATION_UNREADABLE') return null;
        throw error;
      }
      const url = derivEndpoint(integration.config);
      const token = integration.secrets.token;
      if (!integration.configured || !url || !token) return null;
      const key = `${url}\n${token}`;
      if (held?.key !== key) {
        const previous = held;
        held = {
          key,
          agent: createDerivClient({
            url,
            token,
            ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
          }),
        };
        await previous?.agent.close().catch(() => undefined);
      }
      return held.agent;
    },

    async close() {
      const previous = held;
      held = null;
      await previous?.agent.close().catch(() => undefined);
    },
  };
}

/**
 * The Deriv integration's test: authorize with the token, and the account it opens must be the
 * platform's (general settings' derivAccount) — a token of another account would pay from it.
 */
export function derivTester(db: Db, options: { timeoutMs?: number } = {}): IntegrationTester {
  return async (integration): Promise<IntegrationTest> => {
    const url = derivEndpoint(integration.config as { wsUrl?: string; appId?: string });
    const token = (integration.secrets as { token?: string }).token;
    if (!url || !token) {
      return { ok: false, result: 'incomplete', detail: null, account: null };
    }
    const client = createDerivClient({ url, token, timeoutMs: options.timeoutMs ?? 10_000 });
    try {
      const account = await client.account();
      const [row] = await db.select({ derivAccount: settings.derivAccount }).from(settings);
      const expected = row?.derivAccount?.toUpperCase() ?? null;
      if (!expected || account.loginId.toUpperCase() !== expected) {
        return {
          ok: false,
          result: 'account_mismatch',
          detail: expected
            ? `the token opens ${account.loginId}, the platform's Deriv account is ${expected}`
            : `the token opens ${account.loginId}; the platform's Deriv account is not set`,
          account: account.loginId,
        };
      }
      return { ok: true, result: 'connected', detail: null, account: account.loginId };
    } catch (error) {
      if (error instanceof DerivRejectedError) {
        return {
          ok: false,
          result: 'credentials_refused',
          detail: `${error.code}: ${error.derivMessage}`.slice(0, 500),
          account: null,
        };
      }
      if (error instanceof DerivTimeoutError) {
        return { ok: false, result: 'timeout', detail: error.message, account: null };
      }
      if (error instanceof DerivNotConfiguredError) {
        return { ok: false, result: 'incomplete', detail: null, account: null };
      }
      if (isDerivError(error)) {
        return { ok: false, result: 'unreachable', detail: error.message, account: null };
      }
      throw error;
    } finally {
      await client.close().catch(() => undefined);
    }
  };
}
