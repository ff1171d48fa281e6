// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-03-02T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('resend countdown', () => {
  it('counts down once a second and frees the button at zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ running: true, secondsLeft: 60 });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toMatchObject({ running: false, secondsLeft: 0 });
  });

  it('stays right when the tab was throttled (counts from a deadline)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(30));
    // the clock jumps 20 s while timers were held back
    vi.setSystemTime(Date.now() + 20_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(9);
  });
});
