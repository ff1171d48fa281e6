import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { successMessage } from '@permuta/contracts';
import { registrationBody } from '../test/auth-helpers.ts';

const SERVER = path.join(import.meta.dirname, 'server.ts');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'permuta-server-'));
const running = new Set<ChildProcessWithoutNullStreams>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface LogLine {
  msg?: string;
  req?: { url?: string };
}

/** `node apps/api/src/server.ts` as deployed, on the shared data folder; resolves once it listens. */
async function startServer(port: number) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'NODE_ENV'].includes(name)),
  );
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...inherited,
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      // generous on a busy machine; the point is that in-flight work finishes, not how fast
      SHUTDOWN_TIMEOUT_MS: '60000',
    },
  });
  running.add(child);
  const lines: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: () => void }[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      let line: LogLine;
      try {
        line = JSON.parse(part) as LogLine;
      } catch {
        continue; // not a log line
      }
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  /** Resolves when the server logs a line that passes `test` (or already did). */
  const logged = (test: (line: LogLine) => boolean) =>
    lines.some(test)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ test, resolve });
          void exited.then((code) => reject(new Error(`server exited (${code}): ${stderr}`)));
        });
  await logged((line) => line.msg?.startsWith('Server listening at') ?? false);
  return { child, exited, logged, stderr: () => stderr };
}

/** A request whose body arrives in two parts, like an upload on a slow connection. */
function slowPost(port: number, url: string, body: string) {
  const bytes = Buffer.from(body);
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: url,
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': bytes.length,
      'accept-language': 'en-US',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  const half = Math.floor(bytes.length / 2);
  request.write(bytes.subarray(0, half));
  return { response, finish: () => request.end(bytes.subarray(half)) };
}

describe('the server process', () => {
  it(
    'on SIGTERM stops accepting, finishes the request in flight, exits 0 and keeps the data',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const server = await startServer(port);
      const customer = registrationBody({ locale: 'en-US' });

      // a registration still uploading its body when the signal arrives
      const upload = slowPost(port, '/api/v1/auth/register', JSON.stringify(customer));
      await server.logged((line) => line.req?.url === '/api/v1/auth/register');
      server.child.kill('SIGTERM');
      await server.logged((line) => line.msg === 'shutting down: finishing in-flight requests');

      // it stops accepting new connections while the upload is still in flight (the last step of
      // its stop before the drain, decision 055); each probe on a socket of its own: fetch would
      // reuse a kept-alive one, which the drain rightly answers, with Connection: close
      const fresh = () =>
        new Promise<'served' | 'refused'>((resolve, reject) => {
          const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false });
          request.on('response', (response) => {
            response.resume();
            resolve('served');
          });
          request.on('error', (error: NodeJS.ErrnoException) =>
            error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
          );
        });
      await expect.poll(fresh, { timeout: 10_000, interval: 50 }).toBe('refused');

      upload.finish();
      const answer = await upload.response;
      expect(answer).toEqual({
        status: 201,
        body: JSON.stringify({ message: successMessage('registered', 'en-US') }),
      });
      expect(await server.exited).toBe(0);
      expect(server.stderr()).toBe('');

      // the same data folder opens again, with the account the last request wrote
      const again = await startServer(port);
      try {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(200);
        const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: customer.email, password: customer.password }),
        });
        expect(signIn.status).toBe(200);
        const body = (await signIn.json()) as { session: { email: string } };
        expect(body.session.email).toBe(customer.email);
      } finally {
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
      }
    },
  );

  it(
    'on SIGTERM keeps an idle kept-alive connection and answers a POST sent on it with Connection: close',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = await startServer(port);
      // one connection, kept alive between requests, as a proxy keeps its upstream connections
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const send = (method: string, url: string, body?: string) =>
        new Promise<{ status: number; connection?: string; reused: boolean; body: string }>(
          (resolve, reject) => {
            const request = http.request(
              {
                host: '127.0.0.1',
                port,
                path: url,
                method,
                agent,
                headers: body
                  ? { 'content-type': 'application/json', 'accept-language': 'en-US' }
                  : {},
              },
              (res) => {
                let text = '';
                res.on('data', (chunk: Buffer) => (text += chunk.toString()));
                res.on('end', () =>
                  resolve({
                    status: res.statusCode ?? 0,
                    connection: res.headers.connection,
                    reused: request.reusedSocket,
                    body: text,
                  }),
                );
              },
            );
            request.on('error', reject);
            request.end(body);
          },
        );
      try {
        const first = await send('GET', '/healthz');
        expect(first).toMatchObject({ status: 200, connection: 'keep-alive', reused: false });

        // the connection is idle when the signal arrives: it must not be dropped under the proxy
        server.child.kill('SIGTERM');
        await server.logged((line) => line.msg === 'shutting down: finishing in-flight requests');
        await new Promise((resolve) => setTimeout(resolve, 500));
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

        // a POST on it is served (not refused with 503), and the server says it closes after it
        const customer = registrationBody({ locale: 'en-US' });
        const answer = await send('POST', '/api/v1/auth/register', JSON.stringify(customer));
        expect(answer).toMatchObject({ status: 201, connection: 'close', reused: true });
        expect(await server.exited).toBe(0);
        expect(server.stderr()).toBe('');
      } finally {
        agent.destroy();
      }
    },
  );
});
