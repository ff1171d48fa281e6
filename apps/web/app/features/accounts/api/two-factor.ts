import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@permuta/contracts/accounts';
import type {
  CustomerTwoFactor,
  RecoveryCodes,
  TwoFactorEnrolment,
} from '@permuta/contracts/two-factor';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The customer's own two-factor (decision 061). */
export const ownTwoFactorKey = ['me', 'two-factor'] as const;

export function ownTwoFactorQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ownTwoFactorKey,
    queryFn: ({ signal }) =>
      apiFetch<CustomerTwoFactor>(apiPaths.ownTwoFactor(), { locale, signal }),
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}

/** GET /api/v1/me/two-factor: on or off, and the recovery codes left. */
export function useOwnTwoFactor(locale: Locale) {
  return useQuery(ownTwoFactorQueryOptions(locale));
}

/** POST /api/v1/me/two-factor/enrolment: a new secret (password confirmed), off until a code. */
export function useStartEnrolment(locale: Locale) {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<TwoFactorEnrolment>(apiPaths.ownTwoFactorEnrolment(), {
        locale,
        method: 'POST',
        body: { password },
      }),
  });
}

function useCodesMutation(locale: Locale, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<RecoveryCodes>(path, { locale, method: 'POST', body: { code } }),
    onSuccess: (answer) => client.setQueryData(ownTwoFactorKey, answer.twoFactor),
  });
}

/** POST /api/v1/me/two-factor/confirm: the first code turns it on; answers the recovery codes. */
export function useConfirmEnrolment(locale: Locale) {
  return useCodesMutation(locale, apiPaths.ownTwoFactorConfirm());
}

/** POST /api/v1/me/two-factor/recovery-codes: new recovery codes (a TOTP code confirms). */
export function useRegenerateCodes(locale: Locale) {
  return useCodesMutation(locale, apiPaths.ownRecoveryCodes());
}

/** POST /api/v1/me/two-factor/disable: password and a code. */
export function useDisableOwnTwoFactor(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiFetch<CustomerTwoFactor>(apiPaths.ownTwoFactorDisable(), {
        locale,
        method: 'POST',
        body: input,
      }),
    onSuccess: (answer) => client.setQueryData(ownTwoFactorKey, answer),
  });
}

/** POST /api/v1/auth/two-factor: the second step of a sign-in (TOTP or recovery code). */
export function twoFactorSignIn(
  code: string,
  locale: Locale,
): Promise<SessionResponse & { recoveryCodesLeft?: number }> {
  return apiFetch(apiPaths.twoFactorSignIn(), { locale, method: 'POST', body: { code } });
}
