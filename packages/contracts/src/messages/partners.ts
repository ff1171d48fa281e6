import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of business customers, API keys and the partner API. */
export const PARTNERS_ERROR_MESSAGES = {
  BUSINESS_NOT_FOUND: {
    'en-US': 'This account is not a business account.',
    'pt-BR': 'Esta conta não é uma conta empresarial.',
  },
  BUSINESS_NOT_APPROVED: {
    'en-US': 'Your business account has not been approved yet.',
    'pt-BR': 'A sua conta empresarial ainda não foi aprovada.',
  },
  BUSINESS_ALREADY_APPROVED: {
    'en-US': 'Your business account is approved: contact support to change the company data.',
    'pt-BR':
      'A sua conta empresarial está aprovada: fale com o suporte para mudar os dados da empresa.',
  },
  CNPJ_TAKEN: {
    'en-US': 'This CNPJ is already registered to another account.',
    'pt-BR': 'Este CNPJ já está cadastrado em outra conta.',
  },
  API_KEY_NOT_FOUND: {
    'en-US': 'API key not found.',
    'pt-BR': 'Chave de API não encontrada.',
  },
  API_KEYS_LIMIT: {
    'en-US': 'You can have at most {max} active API keys. Revoke one first.',
    'pt-BR': 'Você pode ter no máximo {max} chaves de API ativas. Revogue uma antes.',
  },
  API_KEY_REVOKED: {
    'en-US': 'This API key has been revoked.',
    'pt-BR': 'Esta chave de API foi revogada.',
  },
  PARTNER_KEY_INVALID: {
    'en-US': 'Missing, unknown or revoked API key. Send Authorization: Bearer <key>.',
    'pt-BR': 'Chave de API ausente, desconhecida ou revogada. Envie Authorization: Bearer <chave>.',
  },
  PARTNER_BUSINESS_INACTIVE: {
    'en-US': 'The business of this API key is not approved or the account is deactivated.',
    'pt-BR': 'A empresa desta chave de API não está aprovada ou a conta está desativada.',
  },
  PARTNER_SCOPE_MISSING: {
    'en-US': 'This API key lacks the scope {scope}.',
    'pt-BR': 'Esta chave de API não tem o escopo {scope}.',
  },
  PARTNER_COOKIE_AND_KEY: {
    'en-US': 'Send either an API key or a session cookie, not both.',
    'pt-BR': 'Envie uma chave de API ou um cookie de sessão, não os dois.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Field message keys (FIELD_MESSAGES) of business customers and API keys. */
export const PARTNERS_FIELD_MESSAGES = {
  'cnpj.invalid': {
    'en-US': 'Enter a valid CNPJ.',
    'pt-BR': 'Informe um CNPJ válido.',
  },
  'companyName.required': {
    'en-US': 'Enter the company name.',
    'pt-BR': 'Informe a razão social.',
  },
  'companyName.tooLong': {
    'en-US': 'Use at most 150 characters.',
    'pt-BR': 'Use no máximo 150 caracteres.',
  },
  'apiKeyName.required': {
    'en-US': 'Name the key.',
    'pt-BR': 'Dê um nome à chave.',
  },
  'apiKeyName.tooLong': {
    'en-US': 'Use at most 80 characters.',
    'pt-BR': 'Use no máximo 80 caracteres.',
  },
  'scopes.required': {
    'en-US': 'Choose at least one permission.',
    'pt-BR': 'Escolha pelo menos uma permissão.',
  },
  'scopes.invalid': {
    'en-US': 'Unknown permission.',
    'pt-BR': 'Permissão desconhecida.',
  },
  'rateLimit.range': {
    'en-US': 'Enter a whole number of requests per minute within the allowed maximum.',
    'pt-BR': 'Informe um número inteiro de requisições por minuto dentro do máximo permitido.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
