import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys of personal data rights and consent (decision 063). */
export const PRIVACY_ERROR_MESSAGES = {
  DELETION_BLOCKED_OPEN_ORDERS: {
    'en-US':
      'Your account cannot be deleted while an order is open ({references}). Wait until it is completed, canceled or refunded.',
    'pt-BR':
      'Sua conta não pode ser excluída enquanto houver um pedido em aberto ({references}). Aguarde a conclusão, o cancelamento ou o reembolso.',
  },
  CONSENT_NOT_CURRENT: {
    'en-US': 'This version is no longer current. Reload the page and read the current one.',
    'pt-BR': 'Esta versão não é mais a vigente. Recarregue a página e leia a versão atual.',
  },
  LEGAL_VERSION_EXISTS: {
    'en-US': 'Version {version} has already been published.',
    'pt-BR': 'A versão {version} já foi publicada.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const PRIVACY_FIELD_MESSAGES = {
  'legalVersion.format': {
    'en-US': 'Use letters, digits, dots and dashes (at most 40).',
    'pt-BR': 'Use letras, números, pontos e hífens (no máximo 40).',
  },
} as const satisfies Record<string, Record<Locale, string>>;
