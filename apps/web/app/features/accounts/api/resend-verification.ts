import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/me/verify-email/resend: a new confirmation link (at most once a minute). */
export function resendVerification(locale: Locale): Promise<{ retryAfterSeconds: number }> {
  return apiFetch<{ retryAfterSeconds: number }>(apiPaths.resendVerification(), {
    locale,
    method: 'POST',
    // Fastify refuses a JSON POST without a body
    body: {},
  });
}

export function useResendVerification(locale: Locale) {
  return useMutation({ mutationFn: () => resendVerification(locale) });
}
