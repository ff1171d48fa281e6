import { createDerivClient } from '../../adapters/deriv/deriv-client.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Integration } from './integrations.service.ts';

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
