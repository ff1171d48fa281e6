import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@permuta/contracts';
import { ORDER_STREAM_DEFAULTS, createOrderStreams } from './order-streams.ts';

/** A connection's response as the hub uses it: what was written, and whether it ended. */
class FakeResponse extends EventEmitter {
  written = '';
  writableEnded = false;
  writeHead() {
    return this;
  }
  write(text: string) {
    this.written += text;
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
}

const view = (id: string, status = 'awaiting_payment') => ({ id, status }) as unknown as OrderView;

function hub(readView = vi.fn(async (id: string) => view(id))) {
  const streams = createOrderStreams({
    readView,
    log: { error: vi.fn() },
    heartbeatMs: 25_000,
    lifetimeMs: 300_000,
  });
  const open = (orderId: string, userId = 'u1') => {
    const response = new FakeResponse();
    streams.open(response as unknown as ServerResponse, {}, userId, view(orderId));
    return response;
  };
  return { streams, open, readView };
}

describe('the order streams hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends every stream a heartbeat from one clock, and ends each at its own time', async () => {
    const { streams, open } = hub();
    const first = open('o1');
    const second = open('o2');
    const timersWithTwo = vi.getTimerCount();
    open('o3');
    // one clock for any number of streams
    expect(vi.getTimerCount()).toBe(timersWithTwo);
    expect(timersWithTwo).toBe(1);

    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.written).toContain(': ping');
    expect(second.written).toContain(': ping');
    expect(streams.size).toBe(3);

    // a stream lives its lifetime give or take a fifth: all open at 0.8×, all over at 1.2×
    await vi.advanceTimersByTimeAsync(240_000 - 25_000 - 1000);
    expect(streams.size).toBe(3);
    await vi.advanceTimersByTimeAsync(120_000 + 2000);
    expect(streams.size).toBe(0);
    expect(first.writableEnded).toBe(true);
    // nothing left ticking once every stream is gone
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads an order once for all its streams, and folds changes told during a read', async () => {
    let release: () => void = () => undefined;
    const readView = vi.fn(
      (id: string) =>
        new Promise<OrderView>((resolve) => {
          release = () => resolve(view(id, 'user_confirmed'));
        }),
    );
    const { streams, open } = hub(readView);
    const tabs = [open('o1'), open('o1')];
    streams.changed('o1');
    streams.changed('o1');
    streams.changed('o1');
    expect(readView).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    // the changes told meanwhile make one more read, not two
    expect(readView).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(readView).toHaveBeenCalledTimes(2);
    for (const tab of tabs) expect(tab.written.match(/event: order/g)).toHaveLength(2);
  });

  it('ends a stream after its final status, and a closed connection is forgotten', async () => {
    const { streams, open } = hub(vi.fn(async (id: string) => view(id, 'completed')));
    const closed = open('o1');
    const done = open('o2');
    closed.end();
    expect(streams.size).toBe(1);
    streams.changed('*');
    await vi.advanceTimersByTimeAsync(0);
    expect(done.written).toContain('"completed"');
    expect(done.writableEnded).toBe(true);
    expect(streams.size).toBe(0);
  });

  it('tells each stream its own reconnect wait, spread over 2 to 8 seconds', () => {
    const { open } = hub();
    const waits = Array.from({ length: 400 }, (_, i) => {
      const written = open(`o${i}`, `u${i}`).written;
      const retry = /^retry: (\d+)\n\n/.exec(written);
      expect(retry, written.slice(0, 40)).not.toBeNull();
      return Number(retry![1]);
    });
    for (const wait of waits) {
      expect(Number.isInteger(wait)).toBe(true);
      expect(wait).toBeGreaterThanOrEqual(ORDER_STREAM_DEFAULTS.retryMinMs);
      expect(wait).toBeLessThanOrEqual(ORDER_STREAM_DEFAULTS.retryMaxMs);
    }
    expect([ORDER_STREAM_DEFAULTS.retryMinMs, ORDER_STREAM_DEFAULTS.retryMaxMs]).toEqual([
      2000, 8000,
    ]);
    // spread, not one value: 400 draws fill each second of the range
    const seconds = new Set(waits.map((wait) => Math.min(5, Math.floor((wait - 2000) / 1000))));
    expect([...seconds].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
