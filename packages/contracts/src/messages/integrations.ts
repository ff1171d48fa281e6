import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the integrations. */
export const INTEGRATIONS_ERROR_MESSAGES = {
  INTEGRATION_INCOMPLETE: {
    'en-US': 'Fill in {fields} before turning automatic work on.',
    'pt-BR': 'Preencha {fields} antes de ligar o trabalho automático.',
  },
  INTEGRATION_UNREADABLE: {
    'en-US':
      'The stored credentials of {provider} were encrypted with another server secret. Enter them again.',
    'pt-BR':
      'As credenciais guardadas de {provider} foram cifradas com outro segredo do servidor. Informe-as novamente.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const INTEGRATIONS_FIELD_MESSAGES = {
  'integration.url': {
    'en-US': 'Enter the provider’s https:// address (wss:// for Deriv).',
    'pt-BR': 'Informe o endereço https:// do provedor (wss:// para a Deriv).',
  },
  'integration.pem': {
    'en-US': 'Paste the whole PEM block, from -----BEGIN to -----END.',
    'pt-BR': 'Cole o bloco PEM inteiro, de -----BEGIN até -----END.',
  },
  'integration.appId': {
    'en-US': 'Enter the Deriv app id: digits only.',
    'pt-BR': 'Informe o app id da Deriv: apenas números.',
  },
  'integration.token': {
    'en-US': 'Enter the API token as Deriv shows it (8 to 128 letters, digits, - or _).',
    'pt-BR': 'Informe o token da API como a Deriv mostra (8 a 128 letras, números, - ou _).',
  },
} as const satisfies Record<string, Record<Locale, string>>;
