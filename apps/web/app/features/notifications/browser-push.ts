/**
 * This browser's push subscription (decision 060): the service worker `/sw.js` (scope `/`) and
 * the Push API, with the server's VAPID public key.
 */
export type PushSupport = 'supported' | 'unsupported' | 'denied';

interface PushBrowser {
  navigator: {
    serviceWorker?: {
      register(url: string, options: { scope: string }): Promise<PushRegistration>;
      getRegistration(scope?: string): Promise<PushRegistration | undefined>;
    };
  };
  PushManager?: unknown;
  Notification?: { permission: string; requestPermission(): Promise<string> };
}

interface PushRegistration {
  pushManager: {
    subscribe(options: {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    }): Promise<{ toJSON(): unknown }>;
    getSubscription(): Promise<{ endpoint: string; unsubscribe(): Promise<boolean> } | null>;
  };
}

const browser = () => globalThis as unknown as PushBrowser;

export function pushSupport(): PushSupport {
  const b = browser();
  if (!b.navigator?.serviceWorker || !b.PushManager || !b.Notification) return 'unsupported';
  return b.Notification.permission === 'denied' ? 'denied' : 'supported';
}

function keyBytes(base64url: string): Uint8Array {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Asks permission and subscribes; the subscription's JSON for the API, or null when refused. */
export async function subscribeThisBrowser(publicKey: string): Promise<unknown> {
  const b = browser();
  if ((await b.Notification!.requestPermission()) !== 'granted') return null;
  const registration = await b.navigator.serviceWorker!.register('/sw.js', { scope: '/' });
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return subscription.toJSON();
}

/** Unsubscribes this browser; its endpoint (for the API), or null when it had none. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const registration = await browser().navigator.serviceWorker?.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
