import type { Server, Socket } from 'node:net';

/**
 * The plumbing the local fakes of external providers share (fake exchange, fake PIX PSP, fake
 * Deriv): listening on 127.0.0.1 and a free port, the sockets and timers to end on close, and the
 * failure mode a test switches with `setMode` for every request or only some. Each fake keeps its
 * protocol and says which requests a mode given for `filter` applies to. Like the fakes, it runs
 * in-process for the development demo: it imports nothing from test/ or vitest.
 */
export class FakeServer<Mode extends { kind: string }> {
  private readonly name: string;
  private readonly ok: Mode;
  private readonly applies: (key: string, filter: string | null) => boolean;
  private current: Mode;
  /** what setMode named (a path, a path prefix, a message type); null: every request */
  private filter: string | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  /**
   * @param name how errors name the fake ('fake exchange')
   * @param ok the normal mode, in force when nothing was set and for requests the filter leaves out
   * @param applies whether the mode set for `filter` (null: none given) applies to the request `key`
   */
  constructor(
    name: string,
    ok: Mode,
    applies: (key: string, filter: string | null) => boolean = (key, filter) =>
      filter === null || key === filter,
  ) {
    this.name = name;
    this.ok = ok;
    this.applies = applies;
    this.current = ok;
  }

  /** The mode last set, whatever it was set for. */
  get mode(): Mode {
    return this.current;
  }

  /** Switches the mode, for the requests `applies` finds for `filter` (every one when absent). */
  setMode(mode: Mode, filter?: string): void {
    this.current = mode;
    this.filter = filter ?? null;
  }

  /** The mode the request `key` meets. */
  modeFor(key: string): Mode {
    return this.applies(key, this.filter) ? this.current : this.ok;
  }

  /** Listens on 127.0.0.1 (a free port unless `port`), tracking its sockets; answers the port. */
  async listen(server: Server, port = 0): Promise<number> {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error(`${this.name}: no port`);
    this.server = server;
    return address.port;
  }

  /** Waits `ms` (the slow mode); close() cancels the wait, which then never ends. */
  async delay(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /**
   * Cancels the pending waits, runs `beforeSockets` (a fake's own clean-up, such as closing its
   * WebSocket clients), destroys every socket (requests left unanswered included) and closes the
   * server. A second call cancels and destroys what is left (nothing) and runs `beforeSockets`
   * again.
   */
  async close(beforeSockets?: () => Promise<void>): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (beforeSockets) await beforeSockets();
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
