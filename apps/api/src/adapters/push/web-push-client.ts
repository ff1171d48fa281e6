import webpush from 'web-push';

/**
 * Browser push through each subscription's push service (RFC 8030), with VAPID (RFC 8292) and the
 * payload encrypted for the browser (RFC 8291, aes128gcm), by the `web-push` package.
 */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push service says the subscription is no more (404, 410): forget it. */
export class PushGoneError extends Error {
  override name = 'PushGoneError';
}

export interface PushSender {
  /** the key browsers subscribe with (base64url) */
  publicKey: string;
  send(target: PushTarget, payload: string): Promise<void>;
}

export function createPushSender(keys: {
  publicKey: string;
  privateKey: string;
  subject: string;
}): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, payload, {
          vapidDetails: keys,
          // an order's news is still worth a day later; after that the page says more
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          throw new PushGoneError(`push service answered ${status}`, { cause: error });
        }
        throw error;
      }
    },
  };
}
