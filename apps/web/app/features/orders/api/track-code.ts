import type {
  TrackingCodeRequest,
  TrackingCodeSent,
  TrackingGrant,
  TrackingVerifyInput,
} from '@permuta/contracts/tracking';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/track/code: the same answer whether the order and e-mail match or not. */
export function requestTrackingCode(
  input: TrackingCodeRequest,
  locale: Locale,
): Promise<TrackingCodeSent> {
  return apiFetch<TrackingCodeSent>(apiPaths.trackingCode(), { locale, body: input });
}

/** POST /api/v1/track/verify: a right code sets the tracking cookie of that one order. */
export function verifyTrackingCode(
  input: TrackingVerifyInput,
  locale: Locale,
): Promise<TrackingGrant> {
  return apiFetch<TrackingGrant>(apiPaths.trackingVerify(), { locale, body: input });
}

/** POST /api/v1/track/end: ends the grant and clears its cookie. */
export function endTracking(locale: Locale): Promise<unknown> {
  return apiFetch(apiPaths.trackingEnd(), { locale, method: 'POST' });
}
