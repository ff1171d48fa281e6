/**
 * A graceful stop behind a load balancer (decision 055). Node's `http.Server.close()` drops the
 * idle keep-alive connections at once, and a proxy may be writing a request on one of them at that
 * very moment: the request is lost, and a proxy retries a POST only when it never reached the
 * server, so the browser would see a 502. Instead the server stops accepting new connections
 * first, keeps the open ones while each answers once more with `Connection: close` (Fastify adds
 * it while closing) or is dropped by the proxy when its keep-alive time ends, and only after
 * `drainMs` closes what is still idle. Then it waits for the requests still in flight.
 */
import net from 'node:net';
import type http from 'node:http';

const POLL_MS = 50;

function openConnections(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.getConnections((error, count) => resolve(error ? 0 : count)),
  );
}

async function until(done: () => Promise<boolean>, deadline: number): Promise<void> {
  while (!(await done()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/**
 * Stops accepting, lets the open connections go on their own for up to `drainMs`, closes the idle
 * ones left, and resolves when no connection is open (the caller bounds the whole stop).
 */
export async function drainConnections(server: http.Server, drainMs: number): Promise<void> {
  if (!server.listening) return;
  // net.Server's close, not http.Server's: stop accepting, keep the open connections
  net.Server.prototype.close.call(server);
  await until(async () => (await openConnections(server)) === 0, Date.now() + drainMs);
  server.closeIdleConnections();
  await until(async () => (await openConnections(server)) === 0, Number.POSITIVE_INFINITY);
}
