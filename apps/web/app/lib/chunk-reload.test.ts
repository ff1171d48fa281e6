// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_KEY, RELOADED_KEY, recoverChunkReload, reloadOnce } from './chunk-reload.ts';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');

function pending(href: string, at: number): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ href, at }));
}

beforeEach(() => sessionStorage.clear());

describe('a chunk that fails to load', () => {
  it('reloads the target page once, then leaves a second failure to the error page', () => {
    const assign = vi.fn();
    expect(reloadOnce('/en-US/contact', sessionStorage, T0, assign)).toBe(true);
    expect(reloadOnce('/en-US/contact', sessionStorage, T0 + 5_000, assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/en-US/contact');
    // a minute later a new deploy may fail again: reloading is allowed again
    expect(reloadOnce('/en-US/contact', sessionStorage, T0 + 61_000, assign)).toBe(true);
  });

  it('continues to the target of the navigation the router reloaded the page for', () => {
    const assign = vi.fn();
    pending('/en-US/contact', T0);
    recoverChunkReload(T0 + 2_000, sessionStorage, 'reload', '/en-US', assign);
    expect(assign).toHaveBeenCalledWith('/en-US/contact');
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
    expect(sessionStorage.getItem(RELOADED_KEY)).toContain('/en-US/contact');
  });

  it('stays on a page the visitor opened by its address while a navigation was loading', () => {
    const assign = vi.fn();
    pending('/en-US/contact', T0);
    recoverChunkReload(T0 + 2_000, sessionStorage, 'navigate', '/en-US/business', assign);
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('ignores a navigation older than 30 seconds and one that already arrived', () => {
    const assign = vi.fn();
    pending('/en-US/contact', T0);
    recoverChunkReload(T0 + 31_000, sessionStorage, 'reload', '/en-US', assign);
    pending('/en-US/contact', T0);
    recoverChunkReload(T0 + 1_000, sessionStorage, 'reload', '/en-US/contact', assign);
    expect(assign).not.toHaveBeenCalled();
  });
});
