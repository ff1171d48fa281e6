import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, eq, or } from 'drizzle-orm';
import type { IntegrationProvider } from '@permuta/contracts';
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
   * Writes (and audits) only what differs from what is stored: the fakes are reached through
   * doors that keep the last start's ports, so a restart usually finds everything as it was.
   */
  prepare(app: FastifyInstance): Promise<void>;
  /** the PSP's webhooks go to where the app listens (PUBLIC_URL may not be served here) */
  listening(appUrl: string): void;
  /** A customer's Deriv account, opened at the fake Deriv with a demo balance when new. */
  derivAccount(loginid: string, fullName: string): void;
  /** where the integrations reach the fakes, once `prepare` ran: the doors' addresses */
  addresses(): { pix: string; deriv: string } | null;
  close(): Promise<void>;
}

const PSP_CLIENT = { clientId: 'Demo_Client_Id', clientSecret: 'demo-client-secret-0123456789' };
const PSP_WEBHOOK_SECRET = 'demo-webhook-secret';
const DERIV_AGENT = { loginid: 'CR1234567', token: 'demo-agent-token-0123' };
/** what a customer's Deriv account holds when the demo opens it */
const DERIV_DEMO_BALANCE = '100000';

/**
 * A door to a fake: a loopback TCP forwarder to the fake's own (random) port, listening on the
 * port the stored integration already names when it is free, else on any free port. The fakes
 * start on a new port each time; the door lets the integration's address outlive them.
 */
interface Door {
  port: number;
  close(): Promise<void>;
}

async function openDoor(targetPort: number, preferredPort: number | null): Promise<Door> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const fake = connect(targetPort, '127.0.0.1');
    track(client);
    track(fake);
    const both = () => {
      client.destroy();
      fake.destroy();
    };
    client.on('error', both).on('close', both);
    fake.on('error', both).on('close', both);
    client.pipe(fake).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  let port: number;
  try {
    port = await listen(preferredPort ?? 0);
  } catch (error) {
    if (preferredPort === null) throw error;
    // taken (or not ours to take): the integration moves to a new port, and says so
    port = await listen(0);
  }
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `url` (a loopback address of a fake) with another port. */
function withPort(url: string, port: number): string {
  return url.replace(/^(\w+:\/\/127\.0\.0\.1):\d+/, `$1:${port}`);
}

/** The port of a loopback address, or null (an address elsewhere is not the demo's). */
function loopbackPort(url: string | undefined): number | null {
  const port = /^\w+:\/\/127\.0\.0\.1:(\d+)(\/|$)/.exec(url ?? '')?.[1];
  return port ? Number(port) : null;
}

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
  const doors: Door[] = [];
  let addresses: { pix: string; deriv: string } | null = null;

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
      const { integrations } = app.services;
      const stored = (await integrations.view()).integrations;
      const storedUrl = (provider: IntegrationProvider, field: string) =>
        stored.find((i) => i.provider === provider)?.config[field];
      const derivUrl = deriv.url.replace(/\?.*$/, '');
      const pixDoor = await openDoor(
        Number(new URL(psp.url).port),
        loopbackPort(storedUrl('pix', 'apiUrl')),
      );
      doors.push(pixDoor);
      const derivDoor = await openDoor(
        Number(new URL(derivUrl).port),
        loopbackPort(storedUrl('deriv', 'wsUrl')),
      );
      doors.push(derivDoor);
      addresses = {
        pix: withPort(psp.url, pixDoor.port),
        deriv: withPort(derivUrl, derivDoor.port),
      };
      // the same values as last time write nothing: no audit entry on every start
      const once = { unlessUnchanged: true };
      await integrations.update(
        system,
        'pix',
        {
          config: { apiUrl: addresses.pix, clientId: PSP_CLIENT.clientId },
          secrets: { clientSecret: PSP_CLIENT.clientSecret, webhookSecret: PSP_WEBHOOK_SECRET },
          deposits: true,
          payouts: true,
        },
        once,
      );
      await integrations.update(
        system,
        'deriv',
        {
          config: { wsUrl: addresses.deriv, appId: '1' },
          secrets: { token: DERIV_AGENT.token },
          deposits: true,
          payouts: true,
        },
        once,
      );
      const turnedOn = await app.db
        .update(settings)
        .set({ autoCryptoPayouts: true, autoCryptoDeposits: true })
        .where(
          and(
            eq(settings.id, 1),
            or(eq(settings.autoCryptoPayouts, false), eq(settings.autoCryptoDeposits, false)),
          ),
        )
        .returning({ id: settings.id });
      if (turnedOn.length > 0) {
        app.settingsChanged.emit({ fields: ['autoCryptoPayouts', 'autoCryptoDeposits'] });
      }
    },

    addresses: () => addresses,

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
      await Promise.allSettled([
        ...doors.splice(0).map((door) => door.close()),
        psp.close(),
        deriv.close(),
        exchange.stop(),
      ]);
    },
  };
}
