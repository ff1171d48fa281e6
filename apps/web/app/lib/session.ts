import { shellPaths } from './paths/core.ts';
import { guardRedirect } from './guard.ts';
import { localeFromPath, localizePath } from './locale.ts';

/**
 * What the browser remembers about the sign-in (the real session is the httpOnly `auth_token`
 * cookie the API sets): role, e-mail and when it started. It ends by itself after 12 hours.
 */
export type Role = 'customer' | 'admin';

export interface Session {
  readonly role: Role;
  readonly email: string;
  /** ISO timestamp of the sign-in */
  readonly createdAt: string;
}

export const SESSION_KEY = 'session';
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

type Listener = () => void;
type Navigate = (to: string) => void;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };
let navigateTo: Navigate = (to) => window.location.assign(to);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { role, email, createdAt } = value as Record<string, unknown>;
    if (role !== 'customer' && role !== 'admin') return null;
    if (typeof email !== 'string' || typeof createdAt !== 'string') return null;
    if (Number.isNaN(Date.parse(createdAt))) return null;
    return { role, email, createdAt };
  } catch {
    return null;
  }
}

/** True when the session started more than 12 hours before `now` (or in the future). */
export function isExpired(session: Session, now: number = Date.now()): boolean {
  const started = Date.parse(session.createdAt);
  return !(started <= now && now - started < SESSION_MAX_AGE_MS);
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The stored session as it is (expired or not); stable identity for useSyncExternalStore. */
export function readSession(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, session: parseSession(raw) };
  return cached.session;
}

function clear(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  storage()?.removeItem(SESSION_KEY);
  emit();
}

/**
 * Forgets the session without telling the API or navigating: the API answered 401 (the cookie
 * expired or was revoked elsewhere, e.g. by a password reset), so the next guard check sends the
 * visitor to sign in.
 */
export function forgetSession(): void {
  clear();
}

/**
 * The API answered 401 UNAUTHENTICATED to a signed-in browser (the 12-hour cookie ended, or the
 * session was revoked by a password change elsewhere or an admin deactivating the account):
 * forget it and go to the sign-in page of its area, with the way back to the current page.
 * Returns whether there was a session to end.
 */
export function sessionLost(): boolean {
  const session = readSession();
  if (!session) return false;
  clear();
  const url = new URL(window.location.href);
  const to = guardRedirect(session.role, url, null);
  if (to) navigateTo(to);
  return true;
}

/**
 * Run on every navigation: a session older than 12 hours (or unreadable) is removed, without
 * navigating anywhere. Returns the session still valid, if any.
 */
export function checkExpiry(now: number = Date.now()): Session | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw === null) return null;
  const session = parseSession(raw);
  if (!session || isExpired(session, now)) {
    clear();
    return null;
  }
  return session;
}

function schedule(session: Session, now: number = Date.now()): void {
  if (timer !== undefined) clearTimeout(timer);
  const left = Date.parse(session.createdAt) + SESSION_MAX_AGE_MS - now;
  timer = setTimeout(() => logout(), Math.max(0, left));
}

export function login(input: { role: Role; email: string }, now: number = Date.now()): Session {
  const session: Session = {
    role: input.role,
    email: input.email,
    createdAt: new Date(now).toISOString(),
  };
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  schedule(session, now);
  emit();
  return session;
}

/**
 * Ends the session: forgets it, tells the API (best effort: the cookie may already be gone) and
 * goes to the home page of the current language.
 */
export function logout(): void {
  clear();
  const locale = localeFromPath(window.location.pathname);
  try {
    void fetch(shellPaths.signOut(), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'accept-language': locale },
      body: '{}',
    }).catch(() => undefined);
  } catch {
    // offline or fetch unavailable: the server session ends by itself
  }
  navigateTo(localizePath('/', locale));
}

/** The app's router navigation, so that logout does not reload the page. */
export function setSessionNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * On start: drop an expired session, arm the 12-hour timer for a live one and follow sign-ins
 * and sign-outs made in other tabs.
 */
export function startSession(): () => void {
  const session = checkExpiry();
  if (session) schedule(session);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== SESSION_KEY) return;
    const next = checkExpiry();
    if (next) schedule(next);
    else if (timer !== undefined) clearTimeout(timer);
    emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    if (timer !== undefined) clearTimeout(timer);
  };
}
