import type { Locale } from '../../../lib/locale.ts';
import type { LegalContent, LegalDocumentId } from './types.ts';

type Loader = () => Promise<{ default: LegalContent }>;

/** One chunk per document and language: a page downloads only its own text. */
export const LEGAL_CONTENT: Record<LegalDocumentId, Record<Locale, Loader>> = {
  business: {
    'pt-BR': () => import('./business.pt-BR.ts'),
    'en-US': () => import('./business.en-US.ts'),
  },
  pld: {
    'pt-BR': () => import('./pld.pt-BR.ts'),
    'en-US': () => import('./pld.en-US.ts'),
  },
  privacy: {
    'pt-BR': () => import('./privacy.pt-BR.ts'),
    'en-US': () => import('./privacy.en-US.ts'),
  },
  terms: {
    'pt-BR': () => import('./terms.pt-BR.ts'),
    'en-US': () => import('./terms.en-US.ts'),
  },
};
