import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerCustomer } from '../../test/auth-helpers.ts';
import { NO_ADDRESS_KEY, clientKey } from './security.ts';

/**
 * A client that disconnects before the API read its address: the request still runs, and the
 * rate limit must count it rather than throw (its address is undefined by then).
 */
const lines: { level: number; msg: string; err?: { message: string } }[] = [];
let t: TestApp;
let port: number;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({
    app: {
      logger: {
        level: 'error',
        stream: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
      },
    },
  });
  // a session cookie makes the request wait for the database before the rate limit looks at it
  cookie = (await registerCustomer(t.app)).cookie;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => t?.close());

/** Sends a whole request and closes the connection at once, without waiting for the answer. */
function sendAndHangUp(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(`GET /api/v1/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
      // a reset, not a polite close: the server drops the connection while the request runs
      socket.resetAndDestroy();
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

describe('a request whose client is gone before its address was read', () => {
  it('is keyed under one shared key instead of failing', () => {
    expect(clientKey({ ip: undefined as unknown as string })).toBe(NO_ADDRESS_KEY);
    expect(clientKey({ ip: '::ffff:203.0.113.5' })).toBe('203.0.113.5');
    expect(clientKey({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(clientKey({ ip: '2001:db8:1:2::9' }));
  });

  it('logs no error when clients hang up right after sending', async () => {
    for (let round = 0; round < 40; round++) await Promise.all([sendAndHangUp(), sendAndHangUp()]);
    // let the server finish the requests it read
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    // and it still answers
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/tokens`);
    expect(res.status).toBe(200);
  });
});
