import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentView } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface MyDocuments {
  /** the current document of each type sent so far */
  documents: DocumentView[];
  /** all three approved */
  verified: boolean;
  /** applied as a business: the company documents are asked too (decision 057) */
  business: boolean;
}

export const myDocumentsKey = ['me', 'documents'] as const;

/** GET /api/v1/me/documents */
export function getMyDocuments(locale: Locale, signal?: AbortSignal): Promise<MyDocuments> {
  return apiFetch<MyDocuments>(apiPaths.myDocuments(), { locale, signal });
}

export function myDocumentsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: myDocumentsKey,
    queryFn: ({ signal }) => getMyDocuments(locale, signal),
  });
}

export function useMyDocuments(locale: Locale) {
  return useQuery(myDocumentsQueryOptions(locale));
}
