import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';

/** What the wallet screens need of the signed-in customer. */
export interface WalletOwner {
  /** wallet changes need a validated e-mail */
  emailVerified: boolean;
  /** the PIX holder starts as the customer (a holder CPF must be theirs) */
  name: string;
  cpf: string;
}

/**
 * GET /api/v1/me, under the key the account screens use for the same answer (no second request
 * on a page that already asked). `undefined` while unknown; null for an admin session.
 */
export function useWalletOwner(locale: Locale): WalletOwner | null | undefined {
  const session = useSession();
  const startedAt = session?.createdAt ?? null;
  const me = useQuery({
    queryKey: ['me', startedAt] as const,
    queryFn: ({ signal }) => apiFetch<SessionResponse>(apiPaths.me(), { locale, signal }),
    enabled: startedAt !== null,
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
    select: (answer): WalletOwner | null =>
      answer.user.role === 'customer'
        ? { emailVerified: answer.user.emailVerified, name: answer.user.name, cpf: answer.user.cpf }
        : null,
  });
  return me.data;
}

/** Whether the customer's e-mail is validated; `undefined` while unknown. */
export function useEmailVerified(locale: Locale): boolean | undefined {
  const owner = useWalletOwner(locale);
  return owner === undefined ? undefined : (owner?.emailVerified ?? true);
}
