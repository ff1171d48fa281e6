// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_KEY,
  SESSION_MAX_AGE_MS,
  checkExpiry,
  isExpired,
  login,
  logout,
  readSession,
  sessionLost,
  setSessionNavigator,
  startSession,
} from './session.ts';

const T0 = Date.parse('2026-03-02T12:00:00.000Z');

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session expiry', () => {
  it('keeps a session younger than 12 hours', () => {
    login({ role: 'customer', email: 'ana@x.test' }, T0);
    expect(checkExpiry(T0 + SESSION_MAX_AGE_MS - 1)).toMatchObject({ role: 'customer' });
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });

  it('forgets a session 12 hours old, without navigating', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    login({ role: 'admin', email: 'root@x.test' }, T0);
    expect(checkExpiry(T0 + SESSION_MAX_AGE_MS)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(readSession()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('forgets a stored session it cannot read or that starts in the future', () => {
    localStorage.setItem(SESSION_KEY, '{"role":"root","email":"x","createdAt":"2026-01-01"}');
    expect(checkExpiry(T0)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(
      isExpired(
        { role: 'customer', email: 'x', createdAt: new Date(T0 + 60_000).toISOString() },
        T0,
      ),
    ).toBe(true);
  });

  it('logs out by itself at 12 hours and goes to the home page of the language', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    window.history.replaceState(null, '', '/en-US/profile/account');
    login({ role: 'customer', email: 'ana@x.test' });
    vi.advanceTimersByTime(SESSION_MAX_AGE_MS - 1000);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(navigate).toHaveBeenCalledWith('/en-US');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('re-arms the timer of a session restored on start', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    window.history.replaceState(null, '', '/profile/account');
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({
        role: 'customer',
        email: 'a@x.test',
        createdAt: new Date(T0 - 3_600_000).toISOString(),
      }),
    );
    const stop = startSession();
    vi.advanceTimersByTime(SESSION_MAX_AGE_MS - 3_600_000);
    expect(navigate).toHaveBeenCalledWith('/');
    stop();
  });
});

describe('logout', () => {
  it('clears the session, tells the API and goes home', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    window.history.replaceState(null, '', '/admin/orders');
    login({ role: 'admin', email: 'root@x.test' });
    logout();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/auth/sign-out',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('a session the API no longer knows', () => {
  it('is forgotten and its area sign-in opens with the way back', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    window.history.replaceState(null, '', '/en-US/admin/manager-customers?page=2');
    login({ role: 'admin', email: 'ops@x.test' }, T0);
    expect(sessionLost()).toBe(true);
    expect(readSession()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    const to = new URL(String(navigate.mock.calls[0]?.[0]), 'http://localhost');
    expect(to.pathname).toBe('/en-US/admin/login');
    expect(to.searchParams.get('redirectTo')).toBe('/en-US/admin/manager-customers?page=2');
  });

  it('does nothing for a guest (a wrong password is not a lost session)', () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    expect(sessionLost()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
