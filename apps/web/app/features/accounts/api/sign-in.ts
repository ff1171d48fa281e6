import { useMutation } from '@tanstack/react-query';
import type { SessionResponse, SignInInput } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/auth/sign-in: sets the session cookie and answers the session and profile. */
export function signIn(input: SignInInput, locale: Locale): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(apiPaths.signIn(), { locale, method: 'POST', body: input });
}

export function useSignIn(locale: Locale) {
  return useMutation({ mutationFn: (input: SignInInput) => signIn(input, locale) });
}
