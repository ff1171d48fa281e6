import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the catalogue-admin feature. */
export const CATALOGUE_ADMIN_ERROR_MESSAGES = {
  TOKEN_EXISTS: {
    'en-US': 'A token with the code {token} already exists.',
    'pt-BR': 'Já existe um token com o código {token}.',
  },
  NETWORK_EXISTS: {
    'en-US': 'The token {token} already has the network {network}.',
    'pt-BR': 'O token {token} já tem a rede {network}.',
  },
  FEE_RULE_EXISTS: {
    'en-US': 'There is already a rule for {send} to {receive}.',
    'pt-BR': 'Já existe uma regra de {send} para {receive}.',
  },
  TOKEN_IN_USE: {
    'en-US': 'The kind of {token} cannot change while wallets or orders use it.',
    'pt-BR': 'O tipo de {token} não pode mudar enquanto carteiras ou ordens o utilizam.',
  },
  DEPOSIT_ADDRESS_INVALID: {
    'en-US': 'The deposit address is not valid for the {network} network.',
    'pt-BR': 'O endereço de depósito não é válido para a rede {network}.',
  },
  EXCHANGE_NOT_CONFIGURED: {
    'en-US':
      'The exchange API key is not configured (EXCHANGE_API_KEY and EXCHANGE_API_SECRET), so the catalogue cannot be synced.',
    'pt-BR':
      'A chave da API da corretora não está configurada (EXCHANGE_API_KEY e EXCHANGE_API_SECRET), por isso o catálogo não pode ser sincronizado.',
  },
  EXCHANGE_UNAVAILABLE: {
    'en-US': 'The exchange did not answer. Please try again in a few minutes.',
    'pt-BR': 'A corretora não respondeu. Tente novamente em alguns minutos.',
  },
  EXCHANGE_REJECTED: {
    'en-US': 'The exchange refused the request: {reason}',
    'pt-BR': 'A corretora recusou o pedido: {reason}',
  },
  // --- price guards ---
  PRICE_CHANGE_UNCONFIRMED: {
    'en-US':
      'The new price of {token} (R${newPriceBrl}) is {changePercent}% away from the current one (R${oldPriceBrl}). Check it and confirm to apply it.',
    'pt-BR':
      'O novo preço de {token} (R$ {newPriceBrl}) está {changePercent}% distante do atual (R$ {oldPriceBrl}). Confira e confirme para aplicá-lo.',
  },
  PRICE_HOLD_GONE: {
    'en-US':
      'The held price of {token} is no longer the one shown (it was accepted, rejected, cleared or changed). Reload and check it again.',
    'pt-BR':
      'O preço retido de {token} não é mais o exibido (foi aceito, rejeitado, liberado ou mudou). Recarregue e confira novamente.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const CATALOGUE_ADMIN_FIELD_MESSAGES = {
  'networks.required': {
    'en-US': 'Select at least one network.',
    'pt-BR': 'Selecione pelo menos uma rede.',
  },
  'network.duplicate': {
    'en-US': 'This network is listed twice.',
    'pt-BR': 'Esta rede aparece duas vezes.',
  },
  'network.oneDefault': {
    'en-US': 'Only one network can be the default.',
    'pt-BR': 'Apenas uma rede pode ser a padrão.',
  },
  'network.exists': {
    'en-US': 'This token already has this network.',
    'pt-BR': 'Este token já tem esta rede.',
  },
  'token.exists': {
    'en-US': 'This code is already in use.',
    'pt-BR': 'Este código já está em uso.',
  },
  'catalogueText.tooLong': {
    'en-US': 'This text is too long.',
    'pt-BR': 'Este texto é longo demais.',
  },
  'integer.invalid': {
    'en-US': 'Enter a whole number, 0 or more.',
    'pt-BR': 'Informe um número inteiro, 0 ou mais.',
  },
  'precision.invalid': {
    'en-US': 'Enter a whole number from 0 to 18.',
    'pt-BR': 'Informe um número inteiro de 0 a 18.',
  },
  'regex.invalid': {
    'en-US': 'Enter a valid regular expression.',
    'pt-BR': 'Informe uma expressão regular válida.',
  },
  'withdrawMax.belowMin': {
    'en-US': 'The maximum must not be below the minimum.',
    'pt-BR': 'O máximo não pode ser menor que o mínimo.',
  },
  'exchangeSymbol.required': {
    'en-US': 'An exchange price needs the ticker symbol, for example USDTBRL.',
    'pt-BR': 'A cotação da corretora precisa do símbolo, por exemplo USDTBRL.',
  },
  'exchangeSymbol.invalid': {
    'en-US': 'Use a symbol such as USDTBRL, or ETHUSDT*USDTBRL for a product of two.',
    'pt-BR': 'Use um símbolo como USDTBRL, ou ETHUSDT*USDTBRL para o produto de dois.',
  },
  'depositAddress.invalid': {
    'en-US': 'This address is not valid for this network.',
    'pt-BR': 'Este endereço não é válido para esta rede.',
  },
  'depositMemo.invalid': {
    'en-US': 'This memo is not valid for this network.',
    'pt-BR': 'Este memo não é válido para esta rede.',
  },
  'feeRate.invalid': {
    'en-US': 'Enter a percentage with at most 4 decimal places, for example 4.5.',
    'pt-BR': 'Informe um percentual com no máximo 4 casas decimais, por exemplo 4,5.',
  },
  'feeRate.range': {
    'en-US': 'The rate must be at least 0% and below 50%.',
    'pt-BR': 'A taxa deve ser de pelo menos 0% e menor que 50%.',
  },
  'feeRule.sameToken': {
    'en-US': 'Choose different tokens to send and to receive.',
    'pt-BR': 'Escolha tokens diferentes para enviar e para receber.',
  },
  'feeRule.exists': {
    'en-US': 'There is already a rule for this pair.',
    'pt-BR': 'Já existe uma regra para este par.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Success messages answered by the catalogue's admin routes (shown as toasts). */
export const CATALOGUE_ADMIN_SUCCESS_MESSAGES = {
  synced: {
    'en-US':
      'Catalogue synced: {tokensCreated} new tokens, {networksCreated} new networks, {updated} updated.',
    'pt-BR':
      'Catálogo sincronizado: {tokensCreated} tokens novos, {networksCreated} redes novas, {updated} atualizados.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
