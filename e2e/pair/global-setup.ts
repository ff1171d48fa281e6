/**
 * Playwright's global set-up of the pair (playwright.pair.config.ts): starts it (harness.ts) and
 * a small control server on 127.0.0.1 through which a test stops an instance with SIGTERM and
 * starts it again (`POST /instances/<a|b>/stop`, `POST /instances/<a|b>/start`); the returned
 * teardown stops everything and drops the database.
 */
import { createServer } from 'node:http';
import { INSTANCES, pairPorts, startPair, type InstanceName } from './harness.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const pair = await startPair(pairPorts());
  console.info(`balanced pair up in ${pair.dir}`);
  // for the tests, in the workers Playwright starts after this
  process.env.PAIR_DATABASE_URL = pair.databaseUrl;
  process.env.PAIR_ACCESS_LOG = pair.accessLog;
  const control = createServer((request, response) => {
    const match = /^\/instances\/(\w+)\/(stop|start)$/.exec(request.url ?? '');
    const name = match?.[1] as InstanceName | undefined;
    if (request.method !== 'POST' || !match || !name || !INSTANCES.includes(name)) {
      response.writeHead(404).end();
      return;
    }
    const action =
      match[2] === 'stop'
        ? pair.stopInstance(name).then((code) => ({ code }))
        : pair.startInstance(name).then(() => ({}));
    action.then(
      (body) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(pair.ports.control, '127.0.0.1', resolve));
  return async () => {
    await new Promise((resolve) => control.close(resolve));
    await pair.stop();
  };
}
