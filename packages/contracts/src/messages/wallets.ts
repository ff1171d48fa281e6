import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the wallets feature. */
export const WALLETS_ERROR_MESSAGES = {
  WALLET_NOT_FOUND: {
    'en-US': 'Wallet not found.',
    'pt-BR': 'Carteira não encontrada.',
  },
  WALLET_DUPLICATE: {
    'en-US': 'You already have a wallet for {token} on {network}. Edit that one instead.',
    'pt-BR': 'Você já tem uma carteira de {token} na rede {network}. Edite essa carteira.',
  },
  WALLET_KIND_MISMATCH: {
    'en-US': '{token} does not take this kind of wallet.',
    'pt-BR': '{token} não aceita este tipo de carteira.',
  },
  WALLET_HOLDER_NOT_OWN: {
    'en-US':
      'The holder CPF must be your own CPF: we only pay into accounts in your name (or a company CNPJ).',
    'pt-BR':
      'O CPF do titular deve ser o seu: só pagamos em contas no seu nome (ou no CNPJ de uma empresa).',
  },
  WALLET_IN_USE: {
    'en-US':
      'This wallet is used by order {reference}, which is still open. You can delete it once the order is closed.',
    'pt-BR':
      'Esta carteira está sendo usada pelo pedido {reference}, que ainda está em aberto. Você poderá excluí-la quando o pedido for encerrado.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const WALLETS_FIELD_MESSAGES = {
  'kind.invalid': {
    'en-US': 'Choose the kind of wallet: crypto, PIX or Deriv.',
    'pt-BR': 'Escolha o tipo de carteira: cripto, PIX ou Deriv.',
  },
  'wallet.kindMismatch': {
    'en-US': 'This token does not take this kind of wallet.',
    'pt-BR': 'Este token não aceita este tipo de carteira.',
  },
  'wallet.duplicate': {
    'en-US': 'You already have a wallet for this token on this network.',
    'pt-BR': 'Você já tem uma carteira deste token nesta rede.',
  },
  'token.unavailable': {
    'en-US': 'This token is not available.',
    'pt-BR': 'Este token não está disponível.',
  },
  'network.unavailable': {
    'en-US': 'This network is not available for the token.',
    'pt-BR': 'Esta rede não está disponível para o token.',
  },
  'address.required': {
    'en-US': 'Address required.',
    'pt-BR': 'Endereço obrigatório.',
  },
  'address.invalid': {
    'en-US': 'This address is not valid for the selected network.',
    'pt-BR': 'Este endereço não é válido para a rede escolhida.',
  },
  'address.checksum': {
    'en-US':
      'This address has a typo (its checksum does not match). Copy and paste it from your wallet.',
    'pt-BR':
      'Este endereço tem um erro de digitação (o dígito de verificação não confere). Copie e cole da sua carteira.',
  },
  'memo.required': {
    'en-US': 'This network needs a memo (tag) to credit your account.',
    'pt-BR': 'Esta rede exige um memo (tag) para creditar sua conta.',
  },
  'memo.invalid': {
    'en-US': 'This memo (tag) is not valid for the network.',
    'pt-BR': 'Este memo (tag) não é válido para a rede.',
  },
  'memo.notSupported': {
    'en-US': 'This network does not use a memo (tag). Leave it empty.',
    'pt-BR': 'Esta rede não usa memo (tag). Deixe em branco.',
  },
  'pixKeyType.required': {
    'en-US': 'Choose the type of PIX key.',
    'pt-BR': 'Escolha o tipo de chave PIX.',
  },
  'pixKey.cpf': {
    'en-US': 'Enter a valid CPF (11 digits).',
    'pt-BR': 'Informe um CPF válido (11 dígitos).',
  },
  'pixKey.cnpj': {
    'en-US': 'Enter a valid CNPJ (14 characters).',
    'pt-BR': 'Informe um CNPJ válido (14 caracteres).',
  },
  'pixKey.email': {
    'en-US': 'Enter a valid e-mail (at most 77 characters).',
    'pt-BR': 'Informe um e-mail válido (até 77 caracteres).',
  },
  'pixKey.phone': {
    'en-US': 'Enter a mobile number with area code, e.g. (11) 98888-7777.',
    'pt-BR': 'Informe um celular com DDD, por exemplo (11) 98888-7777.',
  },
  'pixKey.random': {
    'en-US': 'Enter the random key as your bank shows it (32 hex characters with dashes).',
    'pt-BR': 'Informe a chave aleatória como o seu banco mostra (32 caracteres com hífens).',
  },
  'bank.invalid': {
    'en-US': 'Choose a bank from the list.',
    'pt-BR': 'Escolha um banco da lista.',
  },
  'holderName.min': {
    'en-US': 'Holder name must have at least 3 characters.',
    'pt-BR': 'O nome do titular deve ter pelo menos 3 caracteres.',
  },
  'holderDocument.invalid': {
    'en-US': 'Enter a valid CPF (11 digits) or CNPJ (14 characters) of the holder.',
    'pt-BR': 'Informe um CPF (11 dígitos) ou CNPJ (14 caracteres) válido do titular.',
  },
  'holderDocument.notOwn': {
    'en-US': 'The holder CPF must be your own CPF.',
    'pt-BR': 'O CPF do titular deve ser o seu próprio CPF.',
  },
  'deriv.prefix': {
    'en-US': 'Deriv account number must start with CR.',
    'pt-BR': 'O número da conta Deriv deve começar com CR.',
  },
  'deriv.digits': {
    'en-US': 'After CR, use only digits, e.g. CR1234567.',
    'pt-BR': 'Depois de CR, use apenas números, por exemplo CR1234567.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** What the API answers in `message` after a wallet was created, changed or removed. */
export const WALLETS_SUCCESS_MESSAGES = {
  registered: {
    'en-US': 'Wallet for {token} registered',
    'pt-BR': 'Carteira de {token} cadastrada',
  },
  updated: {
    'en-US': 'Wallet for {token} updated',
    'pt-BR': 'Carteira de {token} atualizada',
  },
  deleted: {
    'en-US': 'Wallet for {token} deleted',
    'pt-BR': 'Carteira de {token} excluída',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type WalletSuccess = keyof typeof WALLETS_SUCCESS_MESSAGES;

export function walletSuccessMessage(what: WalletSuccess, token: string, locale: Locale): string {
  return WALLETS_SUCCESS_MESSAGES[what][locale].replace('{token}', token);
}
