import type { QueryClient } from '@tanstack/react-query';
import type { CustomerProfile, SessionResponse } from '@permuta/contracts/accounts';

/** Puts the profile an update answered into every cached GET /api/v1/me answer. */
export function replaceProfile(client: QueryClient, profile: CustomerProfile): void {
  client.setQueriesData<SessionResponse>({ queryKey: ['me'] }, (answer) =>
    answer ? { ...answer, user: profile } : answer,
  );
}
