import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEMO_SETTINGS, settings } from '@permuta/db';
import type { AppConfig } from '../config.ts';
import { fakeCoin, startFakeExchange } from '../fakes/fake-exchange.ts';
import type { FakeExchange } from '../fakes/fake-exchange.ts';
import { startFakeDeriv } from '../fakes/fake-deriv.ts';
import type { FakeDeriv } from '../fakes/fake-deriv.ts';
import { startFakePixPsp } from '../fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../fakes/fake-pix-psp.ts';
import { PIX_WEBHOOK_PATH } from '../modules/payments/pix-deposits.service.ts';

/**
 * The development demo's providers (decision 045): the fake PIX PSP, the fake Deriv and the fake
 * exchange, started in this process on free loopback ports. Loaded only by demo-gate.ts, which
 * never imports this module in production.
 */
export interface DemoProviders {
  psp: FakePixPsp;
  deriv: FakeDeriv;
  exchange: FakeExchange;
  /** the exchange client's settings, pointed at the fake exchange */
  exchangeConfig: AppConfig['exchange'];
  /**
   * Points the app's integrations (PIX, Deriv: deposits and payouts on) at the fakes and turns
   * the demo's automatic crypto payouts and deposits on. Run once the database is prepared.
   */
  prepare(app: FastifyInstance): Promise<void>;
  /** the PSP's webhooks go to where the app listens (PUBLIC_URL may not be served here) */
  listening(appUrl: string): void;
  /** A customer's Deriv account, opened at the fake Deriv with a demo balance when new. */
  derivAccount(loginid: string, fullName: string): void;
  close(): Promise<void>;
}

const PSP_CLIENT = { clientId: 'Demo_Client_Id', clientSecret: 'demo-client-secret-0123456789' };
const PSP_WEBHOOK_SECRET = 'demo-webhook-secret';
const DERIV_AGENT = { loginid: 'CR1234567', token: 'demo-agent-token-0123' };
/** what a customer's Deriv account holds when the demo opens it */
const DERIV_DEMO_BALANCE = '100000';

export async function startDemoProviders(): Promise<DemoProviders> {
  const pixKey = DEMO_SETTINGS.pixKey ?? 'pix@permuta.example';
  const psp = await startFakePixPsp({
    ...PSP_CLIENT,
    key: pixKey,
    webhookSecret: PSP_WEBHOOK_SECRET,
  });
  const deriv = await startFakeDeriv({
    agentToken: DERIV_AGENT.token,
    agentLoginId: DERIV_AGENT.loginid,
    accounts: [
      {
        loginid: DERIV_AGENT.loginid,
        fullName: 'Permuta Demo Agent',
        currency: 'USD',
        balance: '1000000',
      },
    ],
  });
  // Balances for the demo's crypto payouts: USDT on the three networks, and BTC.
  const exchange = await startFakeExchange({
    coins: [
      fakeCoin('USDT', [{ network: 'TRX' }, { network: 'BSC' }, { network: 'ETH' }], {
        free: '1000000',
      }),
      fakeCoin('BTC', [{ network: 'BTC', withdrawFee: '0.00002', withdrawMin: '0.0001' }], {
        free: '10',
      }),
    ],
    tickers: { USDTBRL: '5.40', BTCBRL: '520000' },
    withdrawalSettlement: 'immediate',
  });
  const opened = new Set<string>([DERIV_AGENT.loginid]);

  return {
    psp,
    deriv,
    exchange,
    exchangeConfig: {
      apiUrl: exchange.url,
      apiKey: exchange.apiKey,
      apiSecret: exchange.apiSecret,
    },

    async prepare(app) {
      const system = { adminId: null, ip: null };
      await app.services.integrations.update(system, 'pix', {
        config: { apiUrl: psp.url, clientId: PSP_CLIENT.clientId },
        secrets: { clientSecret: PSP_CLIENT.clientSecret, webhookSecret: PSP_WEBHOOK_SECRET },
        deposits: true,
        payouts: true,
      });
      await app.services.integrations.update(system, 'deriv', {
        config: { wsUrl: deriv.url.replace(/\?.*$/, ''), appId: '1' },
        secrets: { token: DERIV_AGENT.token },
        deposits: true,
        payouts: true,
      });
      await app.db
        .update(settings)
        .set({ autoCryptoPayouts: true, autoCryptoDeposits: true })
        .where(eq(settings.id, 1));
      app.settingsChanged.emit({ fields: ['autoCryptoPayouts', 'autoCryptoDeposits'] });
    },

    listening(appUrl) {
      psp.webhookUrl = `${appUrl}${PIX_WEBHOOK_PATH}`;
    },

    derivAccount(loginid, fullName) {
      const id = loginid.toUpperCase();
      if (opened.has(id)) return;
      // a customer's account is opened on its first demo payment
      deriv.openAccount({ loginid: id, fullName, currency: 'USD', balance: DERIV_DEMO_BALANCE });
      opened.add(id);
    },

    async close() {
      await Promise.allSettled([psp.close(), deriv.close(), exchange.stop()]);
    },
  };
}
