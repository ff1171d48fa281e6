import { describe, expect, it } from 'vitest';
import {
  addressFamily,
  isAddressFormatValid,
  normalizeHolderDocument,
  normalizePixKey,
  walletCreateSchema,
  walletSuccessMessage,
} from './wallets.ts';

/** The first issue message per field of a refused body. */
function issues(body: unknown): Record<string, string> {
  const result = walletCreateSchema.safeParse(body);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('wallet rules shared by the form and the API', () => {
  it('maps networks to address families', () => {
    expect(addressFamily('trc20')).toBe('tron');
    expect(addressFamily('BEP20')).toBe('evm');
    expect(addressFamily('ERC20')).toBe('evm');
    expect(addressFamily('BTC')).toBe('bitcoin');
    expect(addressFamily('TON')).toBeNull();
  });

  it('checks the address format of the network (not the checksum)', () => {
    expect(isAddressFormatValid('TRC20', 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j')).toBe(true);
    expect(isAddressFormatValid('TRC20', '0x7065726d7574612d64656d6f2d61646472657373')).toBe(false);
    expect(isAddressFormatValid('BEP20', '0x7065726d7574612d64656d6f2d61646472657373')).toBe(true);
    expect(isAddressFormatValid('ERC20', '0x7065')).toBe(false);
    expect(isAddressFormatValid('BTC', 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge')).toBe(true);
    expect(isAddressFormatValid('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isAddressFormatValid('BTC', 'bc1qWpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge')).toBe(false);
    expect(isAddressFormatValid('TON', 'has spaces in it')).toBe(false);
  });

  it('normalizes each PIX key type or refuses it', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '11.111.111/1111-11')).toBeNull();
    expect(normalizePixKey('email', 'Ana@Example.com')).toBe('ana@example.com');
    expect(normalizePixKey('email', 'ana@')).toBeNull();
    expect(normalizePixKey('phone', '+55 (11) 98888-7777')).toBe('+5511988887777');
    expect(normalizePixKey('phone', '(11) 3888-7777')).toBeNull();
    expect(normalizePixKey('random', '123E4567-E89B-42D3-A456-426614174000')).toBe(
      '123e4567-e89b-42d3-a456-426614174000',
    );
    expect(normalizePixKey('random', '123e4567e89b42d3a456426614174000')).toBeNull();
  });

  it('takes a holder CPF or CNPJ with valid check digits', () => {
    expect(normalizeHolderDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeHolderDocument('54.550.752/0001-55')).toBe('54550752000155');
    expect(normalizeHolderDocument('12ABC34501DE35')).toBe('12ABC34501DE35');
    expect(normalizeHolderDocument('12345678900')).toBeNull();
  });

  it('reports every problem of a PIX form at once, on its field', () => {
    expect(
      issues({
        kind: 'pix',
        token: 'PIX',
        pixKeyType: 'phone',
        pixKey: '123',
        bankCode: '',
        holderName: 'Al',
        holderDocument: '1',
      }),
    ).toEqual({
      pixKey: 'pixKey.phone',
      bankCode: 'bank.invalid',
      holderName: 'holderName.min',
      holderDocument: 'holderDocument.invalid',
    });
  });

  it('refuses a Deriv account without CR with the message of the specification', () => {
    expect(issues({ kind: 'deriv', token: 'DERIV', derivAccount: '123' })).toEqual({
      derivAccount: 'deriv.prefix',
    });
    expect(issues({ kind: 'deriv', token: 'DERIV', derivAccount: 'CRx1' })).toEqual({
      derivAccount: 'deriv.digits',
    });
  });

  it('refuses an address of the wrong format even when the token is missing', () => {
    expect(issues({ kind: 'crypto', token: '', network: 'TRC20', address: '0x12' })).toMatchObject({
      token: 'token.required',
      address: 'address.invalid',
    });
  });

  it('says which token a wallet is for, in both languages', () => {
    expect(walletSuccessMessage('registered', 'USDT', 'en-US')).toBe('Wallet for USDT registered');
    expect(walletSuccessMessage('deleted', 'PIX', 'pt-BR')).toBe('Carteira de PIX excluída');
  });
});
