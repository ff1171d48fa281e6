import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeDeriv } from '../../fakes/fake-deriv.ts';
import type { FakeDeriv } from '../../fakes/fake-deriv.ts';
import { createDerivClient, derivWebSocketUrl } from './deriv-client.ts';
import type { DerivClientOptions } from './deriv-client.ts';
import {
  DerivNotConfiguredError,
  DerivRejectedError,
  DerivTimeoutError,
  DerivUnavailableError,
  isOutcomeUnknown,
  transferMarker,
} from './deriv.ts';
import type { DerivAgent, DerivTransactionEvent } from './deriv.ts';

const AGENT_TOKEN = 'a1-agentTokenForTests';
const AGENT = 'CR90000001';
const MARIA = 'CR1000001';
const JOAO = 'CR1000002';

let fake: FakeDeriv;
let clock: Date;
const clients: DerivAgent[] = [];

function client(options: Partial<DerivClientOptions> = {}): DerivAgent {
  const created = createDerivClient({
    url: fake.url,
    token: AGENT_TOKEN,
    timeoutMs: 2000,
    ...options,
  });
  clients.push(created);
  return created;
}

function tick(seconds: number): void {
  clock = new Date(clock.getTime() + seconds * 1000);
}

beforeEach(async () => {
  clock = new Date('2026-11-28T12:00:00Z');
  fake = await startFakeDeriv({
    agentToken: AGENT_TOKEN,
    agentLoginId: AGENT,
    agentName: 'Permuta Pagamentos',
    now: () => clock,
    accounts: [
      { loginid: AGENT, fullName: 'Permuta Pagamentos Ltda', currency: 'USD', balance: '1000.00' },
      { loginid: MARIA, fullName: 'Maria da Silva', currency: 'USD', balance: '50.00' },
      { loginid: JOAO, fullName: 'João Souza', currency: 'USD', balance: '200.00' },
      { loginid: 'CR1000003', fullName: 'Ana Euro', currency: 'EUR', balance: '10' },
    ],
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await fake.close();
});

describe('authorize', () => {
  it('opens the agent account with the token', async () => {
    const deriv = client();
    const account = await deriv.account();
    expect(account).toMatchObject({
      loginId: AGENT,
      currency: 'USD',
      fullName: 'Permuta Pagamentos Ltda',
      balance: '1000',
    });
    expect(account.scopes).toContain('payments');
    expect(fake.requests()[0]).toMatchObject({
      msgType: 'authorize',
      body: { authorize: AGENT_TOKEN, req_id: 1 },
    });
  });

  it('refuses a bad token with InvalidToken, on every call', async () => {
    const deriv = client({ token: 'wrong-token' });
    const error = await deriv.balance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DerivRejectedError);
    expect(error).toMatchObject({ kind: 'rejected', code: 'InvalidToken', msgType: 'authorize' });
    await expect(deriv.account()).rejects.toMatchObject({ code: 'InvalidToken' });
    expect(fake.requests().some((r) => r.msgType === 'balance')).toBe(false);
  });

  it('is not configured without a token', async () => {
    const deriv = client({ token: undefined });
    await expect(deriv.account()).rejects.toBeInstanceOf(DerivNotConfiguredError);
    expect(fake.requests()).toEqual([]);
  });

  it('the fake refuses any call before authorize with AuthorizationRequired', async () => {
    const answer = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = new WebSocket(fake.url);
      socket.addEventListener('open', () =>
        socket.send(JSON.stringify({ balance: 1, req_id: 7, passthrough: { a: 1 } })),
      );
      socket.addEventListener('message', (event) => {
        resolve(JSON.parse(String(event.data)) as Record<string, unknown>);
        socket.close();
      });
      socket.addEventListener('error', reject);
    });
    expect(answer).toEqual({
      echo_req: { balance: 1, req_id: 7, passthrough: { a: 1 } },
      msg_type: 'balance',
      req_id: 7,
      error: { code: 'AuthorizationRequired', message: 'Please log in.' },
    });
  });
});

describe('transfer', () => {
  it('a dry run answers the customer name and moves nothing', async () => {
    const deriv = client();
    const result = await deriv.transfer({
      to: MARIA.toLowerCase(),
      amount: '10.00',
      currency: 'USD',
      description: transferMarker('ord-1'),
      dryRun: true,
    });
    expect(result).toEqual({
      kind: 'dry_run_ok',
      clientFullName: 'Maria da Silva',
      clientLoginId: MARIA,
    });
    expect(fake.balanceOf(AGENT)).toBe('1000');
    expect(fake.balanceOf(MARIA)).toBe('50');
    expect(fake.transfers()).toEqual([]);
    expect(fake.requests().at(-1)?.body).toMatchObject({
      paymentagent_transfer: 1,
      amount: 10,
      currency: 'USD',
      transfer_to: MARIA,
      description: 'Permuta order ord-1',
      dry_run: 1,
    });
  });

  it('a real transfer moves the money and writes both statements', async () => {
    const deriv = client();
    const result = await deriv.transfer({
      to: MARIA,
      amount: '10.25',
      currency: 'USD',
      description: transferMarker('ord-2'),
    });
    const [applied] = fake.transfers();
    expect(result).toEqual({
      kind: 'done',
      transactionId: applied!.transactionId,
      clientFullName: 'Maria da Silva',
      clientLoginId: MARIA,
    });
    expect(fake.balanceOf(AGENT)).toBe('989.75');
    expect(fake.balanceOf(MARIA)).toBe('60.25');
    const [agentLine] = fake.statementOf(AGENT);
    expect(agentLine).toMatchObject({
      action_type: 'withdrawal',
      amount: -10.25,
      balance_after: 989.75,
    });
    expect(agentLine!.longcode).toMatch(
      /^Transfer from Payment Agent Permuta Pagamentos to CR1000001\. Transaction reference: [0-9A-F-]{36}\. Timestamp: 28-Nov-26 12:00:00GMT\. Agent note: Permuta order ord-2$/,
    );
    expect(fake.statementOf(MARIA)[0]).toMatchObject({ action_type: 'deposit', amount: 10.25 });
    expect(await deriv.balance()).toEqual({ balance: '989.75', currency: 'USD', loginId: AGENT });
  });

  it("refuses an unknown account and a short balance with Deriv's PaymentAgentTransferError", async () => {
    const deriv = client();
    await expect(
      deriv.transfer({ to: 'CR999', amount: '1', currency: 'USD', description: 'x' }),
    ).rejects.toMatchObject({
      kind: 'rejected',
      code: 'PaymentAgentTransferError',
      derivMessage: 'Login ID (CR999) does not exist.',
    });
    const short = await deriv
      .transfer({ to: MARIA, amount: '1000.01', currency: 'USD', description: 'x' })
      .catch((e: unknown) => e);
    expect(short).toBeInstanceOf(DerivRejectedError);
    expect((short as DerivRejectedError).derivMessage).toBe(
      'Sorry, you cannot withdraw. Your account balance is USD 1000.00.',
    );
    expect(isOutcomeUnknown(short)).toBe(false);
    await expect(
      deriv.transfer({ to: 'CR1000003', amount: '1', currency: 'USD', description: 'x' }),
    ).rejects.toMatchObject({ code: 'PaymentAgentTransferError' });
    expect(fake.transfers()).toEqual([]);
  });

  it('never sends a description Deriv would refuse (no colon: the marker has none)', async () => {
    const deriv = client();
    await expect(
      deriv.transfer({ to: MARIA, amount: '1', currency: 'USD', description: 'permuta:ord-3' }),
    ).rejects.toMatchObject({ code: 'InputValidationFailed' });
    expect(fake.requests().some((r) => r.msgType === 'paymentagent_transfer')).toBe(false);
    expect(() => transferMarker('ord:3')).toThrow(TypeError);
  });

  it('the fake checks the schema like Deriv (InputValidationFailed with details)', async () => {
    const answer = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = new WebSocket(fake.url);
      let n = 0;
      socket.addEventListener('open', () =>
        socket.send(JSON.stringify({ authorize: AGENT_TOKEN, req_id: 1 })),
      );
      socket.addEventListener('message', (event) => {
        n += 1;
        if (n === 1) {
          socket.send(
            JSON.stringify({
              paymentagent_transfer: 1,
              amount: 1,
              currency: 'USD',
              transfer_to: MARIA,
              description: 'permuta:1',
              req_id: 2,
            }),
          );
          return;
        }
        resolve(JSON.parse(String(event.data)) as Record<string, unknown>);
        socket.close();
      });
      socket.addEventListener('error', reject);
    });
    expect(answer).toMatchObject({
      msg_type: 'paymentagent_transfer',
      req_id: 2,
      error: { code: 'InputValidationFailed', details: { description: expect.any(String) } },
    });
  });
});

describe('unknown outcome and the look-up before retry', () => {
  it('crash after submit: unknown outcome, then findTransfer finds exactly one; no second payment', async () => {
    const deriv = client();
    const since = new Date(clock.getTime() - 60_000);
    const marker = transferMarker('ord-crash');
    fake.setMode({ kind: 'crash-after-submit' }, 'paymentagent_transfer');
    const error = await deriv
      .transfer({ to: JOAO, amount: '30', currency: 'USD', description: marker })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DerivUnavailableError);
    expect(isOutcomeUnknown(error)).toBe(true);
    expect(fake.transfers()).toHaveLength(1);

    fake.setMode({ kind: 'ok' });
    // a payment to someone else with a marker that starts the same must not be taken for it
    tick(5);
    await deriv.transfer({
      to: MARIA,
      amount: '1',
      currency: 'USD',
      description: transferMarker('ord-crash-2'),
    });
    const found = await deriv.findTransfer(marker, since);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      transactionId: fake.transfers()[0]!.transactionId,
      toLoginId: JOAO,
      amount: '30',
      note: marker,
      reference: fake.transfers()[0]!.reference,
    });
    // the caller concludes "paid" and does not transfer again
    expect(fake.transfers().filter((t) => t.description === marker)).toHaveLength(1);
    expect(fake.balanceOf(JOAO)).toBe('230');
    expect(await deriv.findTransfer(transferMarker('ord-never'), since)).toEqual([]);
  });

  it('findTransfer still finds the transfer if Deriv rewords its longcode', async () => {
    await fake.close();
    fake = await startFakeDeriv({
      agentToken: AGENT_TOKEN,
      agentLoginId: AGENT,
      now: () => clock,
      outgoingLongcode: ({ to, note }) => `Payment agent transfer to ${to} (${note})`,
      accounts: [
        { loginid: AGENT, fullName: 'Agent', currency: 'USD', balance: '100' },
        { loginid: MARIA, fullName: 'Maria da Silva', currency: 'USD', balance: '0' },
      ],
    });
    const deriv = client();
    const since = new Date(clock.getTime() - 1000);
    await deriv.transfer({
      to: MARIA,
      amount: '4',
      currency: 'USD',
      description: 'Permuta order o-1',
    });
    await deriv.transfer({
      to: MARIA,
      amount: '5',
      currency: 'USD',
      description: 'Permuta order o-10',
    });
    const found = await deriv.findTransfer('Permuta order o-1', since);
    expect(found).toEqual([
      expect.objectContaining({ amount: '4', note: 'Permuta order o-1', reference: null }),
    ]);
  });

  it('a transfer with no answer times out as unknown; the look-up says nothing was paid', async () => {
    const deriv = client({ timeoutMs: 300 });
    await deriv.account();
    const marker = transferMarker('ord-timeout');
    fake.setMode({ kind: 'timeout' }, 'paymentagent_transfer');
    const error = await deriv
      .transfer({ to: MARIA, amount: '5', currency: 'USD', description: marker })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DerivTimeoutError);
    expect(error).toMatchObject({ kind: 'timeout', msgType: 'paymentagent_transfer' });
    expect(isOutcomeUnknown(error)).toBe(true);
    fake.setMode({ kind: 'ok' });
    expect(await deriv.findTransfer(marker, new Date(clock.getTime() - 60_000))).toEqual([]);
  });

  it('a slow answer inside the timeout is fine; a reject is a rejection', async () => {
    const deriv = client({ timeoutMs: 1000 });
    fake.setMode({ kind: 'slow', ms: 150 });
    expect((await deriv.balance()).balance).toBe('1000');
    fake.setMode({
      kind: 'reject',
      code: 'RateLimit',
      message: 'You have reached the rate limit.',
    });
    await expect(deriv.balance()).rejects.toMatchObject({ kind: 'rejected', code: 'RateLimit' });
  });

  it('drop-connection fails the request in flight as unavailable; the next call reconnects', async () => {
    const deriv = client();
    await deriv.account();
    fake.setMode({ kind: 'drop-connection' }, 'paymentagent_transfer');
    const error = await deriv
      .transfer({ to: MARIA, amount: '5', currency: 'USD', description: transferMarker('d1') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DerivUnavailableError);
    expect(fake.transfers()).toEqual([]);
    fake.setMode({ kind: 'ok' });
    const result = await deriv.transfer({
      to: MARIA,
      amount: '5',
      currency: 'USD',
      description: transferMarker('d1'),
    });
    expect(result.kind).toBe('done');
    expect(fake.requests().filter((r) => r.msgType === 'authorize')).toHaveLength(2);
  });
});

describe('connection', () => {
  it('reconnects on a fresh call after the server dropped the socket', async () => {
    const deriv = client();
    await deriv.account();
    fake.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.connections()).toBe(0);
    expect((await deriv.balance()).loginId).toBe(AGENT);
    expect(fake.connections()).toBe(1);
  });

  it('is unavailable when nothing listens', async () => {
    const url = fake.url;
    await fake.close();
    const deriv = createDerivClient({ url, token: AGENT_TOKEN, timeoutMs: 1000 });
    await expect(deriv.account()).rejects.toBeInstanceOf(DerivUnavailableError);
    fake = await startFakeDeriv({
      agentToken: AGENT_TOKEN,
      agentLoginId: AGENT,
      accounts: [{ loginid: AGENT, fullName: 'A', currency: 'USD', balance: 0 }],
    });
  });

  it('correlates concurrent requests by req_id, whatever the order of the answers', async () => {
    const deriv = client();
    fake.setMode({ kind: 'slow', ms: 200 }, 'paymentagent_transfer');
    const [maria, balance, joao, page] = await Promise.all([
      deriv.transfer({ to: MARIA, amount: '1', currency: 'USD', description: 'a', dryRun: true }),
      deriv.balance(),
      deriv.transfer({ to: JOAO, amount: '1', currency: 'USD', description: 'b', dryRun: true }),
      deriv.statement({ from: new Date(0), limit: 10, offset: 0 }),
    ]);
    expect(maria).toMatchObject({ clientLoginId: MARIA, clientFullName: 'Maria da Silva' });
    expect(joao).toMatchObject({ clientLoginId: JOAO, clientFullName: 'João Souza' });
    expect(balance.balance).toBe('1000');
    expect(page).toEqual({ count: 0, transactions: [] });
    // one connection, one authorize for all four
    expect(fake.requests().filter((r) => r.msgType === 'authorize')).toHaveLength(1);
    const ids = fake.requests().map((r) => r.body['req_id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the fake serves only /websockets/v3 with a numeric app_id', async () => {
    const refused = async (url: string) =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(url);
        socket.addEventListener('open', () => {
          socket.close();
          resolve(false);
        });
        socket.addEventListener('error', () => resolve(true));
      });
    expect(await refused(fake.url.replace('?app_id=1', ''))).toBe(true);
    expect(await refused(fake.url.replace('/websockets/v3', '/websockets/v2'))).toBe(true);
    expect(await refused(fake.url)).toBe(false);
  });

  it('a push that the handler cannot take does not break the connection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deriv = client();
    await deriv.subscribeTransactions(() => {
      throw new Error('handler bug');
    });
    fake.customerSends(MARIA, '1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warn).toHaveBeenCalledTimes(1);
    expect((await deriv.balance()).balance).toBe('1001');
  });

  it('gives a connection up when a ping goes unanswered, and opens a new one', async () => {
    const deriv = client({ pingIntervalMs: 50, timeoutMs: 100 });
    await deriv.account();
    fake.setMode({ kind: 'timeout' }, 'ping');
    await new Promise((resolve) => setTimeout(resolve, 250));
    fake.setMode({ kind: 'ok' });
    expect((await deriv.balance()).loginId).toBe(AGENT);
    expect(fake.requests().filter((r) => r.msgType === 'authorize')).toHaveLength(2);
  });

  it('pings to keep the connection alive', async () => {
    const deriv = client({ pingIntervalMs: 40 });
    await deriv.account();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.requests().filter((r) => r.msgType === 'ping').length).toBeGreaterThanOrEqual(2);
  });
});

describe('statement', () => {
  async function payFive(deriv: DerivAgent): Promise<void> {
    for (let i = 1; i <= 5; i++) {
      tick(60);
      await deriv.transfer({
        to: MARIA,
        amount: `${i}.00`,
        currency: 'USD',
        description: transferMarker(`page-${i}`),
      });
    }
  }

  it('pages newest first by limit and offset, and filters by date', async () => {
    const deriv = client();
    const start = new Date(clock);
    await payFive(deriv);
    const pages = [];
    for (const offset of [0, 2, 4]) {
      pages.push(await deriv.statement({ from: start, limit: 2, offset }));
    }
    expect(pages.map((p) => p.count)).toEqual([2, 2, 1]);
    const amounts = pages.flatMap((p) => p.transactions.map((t) => t.amount));
    expect(amounts).toEqual(['-5', '-4', '-3', '-2', '-1']);
    const first = pages[0]!.transactions[0]!;
    expect(first).toMatchObject({
      actionType: 'withdrawal',
      balanceAfter: '985',
      referenceId: null,
    });
    expect(first.time.toISOString()).toBe('2026-11-28T12:05:00.000Z');
    expect(first.longcode).toContain('Agent note: Permuta order page-5');

    const middle = await deriv.statement({
      from: new Date('2026-11-28T12:02:00Z'),
      to: new Date('2026-11-28T12:03:00Z'),
      limit: 100,
      offset: 0,
    });
    expect(middle.transactions.map((t) => t.amount)).toEqual(['-3', '-2']);
    expect(fake.requests().at(-1)?.body).toMatchObject({
      statement: 1,
      description: 1,
      date_from: Math.floor(Date.parse('2026-11-28T12:02:00Z') / 1000),
      date_to: Math.floor(Date.parse('2026-11-28T12:03:00Z') / 1000),
    });
  });

  it('findTransfer walks every page', async () => {
    const deriv = client({ pageSize: 2 });
    const start = new Date(clock);
    await payFive(deriv);
    const found = await deriv.findTransfer(transferMarker('page-1'), start);
    expect(found.map((f) => f.amount)).toEqual(['1']);
    expect(
      fake
        .requests()
        .filter((r) => r.msgType === 'statement')
        .map((r) => r.body['offset']),
    ).toEqual([0, 2, 4]);
  });

  it('incomingTransfers reads the customer login id, amount and note; not our payouts', async () => {
    const deriv = client();
    const since = new Date(clock);
    tick(10);
    const sent = fake.customerSends(MARIA, '25.50', 'pedido 42');
    tick(10);
    await deriv.transfer({ to: JOAO, amount: '3', currency: 'USD', description: 'out' });
    tick(10);
    fake.customerSends(JOAO, '7');
    const incoming = await deriv.incomingTransfers(since);
    expect(incoming).toEqual([
      {
        transactionId: sent.transactionId,
        fromLoginId: MARIA,
        amount: '25.5',
        time: new Date('2026-11-28T12:00:10Z'),
        note: 'pedido 42',
        reference: sent.reference,
        longcode: expect.stringMatching(/^Transfer from CR1000001 to Payment Agent Permuta/),
      },
      expect.objectContaining({ fromLoginId: JOAO, amount: '7', note: '' }),
    ]);
    expect(fake.balanceOf(AGENT)).toBe(String(1000 + 25.5 - 3 + 7));
    expect(await deriv.incomingTransfers(new Date('2026-11-28T12:00:25Z'))).toHaveLength(1);
  });
});

describe('subscribeTransactions', () => {
  it('pushes the agent account transactions until unsubscribed', async () => {
    const deriv = client();
    const events: DerivTransactionEvent[] = [];
    const subscription = await deriv.subscribeTransactions((event) => events.push(event));
    expect(subscription.id).not.toBe('');
    fake.customerSends(MARIA, '2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([
      expect.objectContaining({ action: 'deposit', amount: '2', balance: '1002', currency: 'USD' }),
    ]);
    await subscription.unsubscribe();
    fake.customerSends(MARIA, '3');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toHaveLength(1);
  });
});

describe('derivWebSocketUrl', () => {
  it('builds the public endpoint with the app id', () => {
    expect(derivWebSocketUrl(1089)).toBe('wss://ws.derivws.com/websockets/v3?app_id=1089');
    expect(derivWebSocketUrl('1', '127.0.0.1:8080')).toBe(
      'ws://127.0.0.1:8080/websockets/v3?app_id=1',
    );
  });
});
