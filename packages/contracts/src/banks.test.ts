import { describe, expect, it } from 'vitest';
import { bankLabel, bankMatches, foldForSearch } from './banks.ts';

const nubank = {
  code: '260',
  name: 'Nu Pagamentos S.A. – Instituição de Pagamento',
  commonName: 'Nubank',
};
const itau = { code: '341', name: 'Itaú Unibanco S.A.', commonName: 'Itaú' };
const caixa = { code: '104', name: 'Caixa Econômica Federal', commonName: null };

describe('bank search', () => {
  it('finds a bank by the name people use, ignoring accents and case', () => {
    expect(bankMatches(nubank, 'Nubank')).toBe(true);
    expect(bankMatches(nubank, 'nubank')).toBe(true);
    expect(bankMatches(itau, 'itau')).toBe(true);
    expect(bankMatches(itau, 'ITAÚ')).toBe(true);
    expect(bankMatches(caixa, 'caixa economica')).toBe(true);
  });

  it('finds a bank by its code and by words of its registered name', () => {
    expect(bankMatches(nubank, '260')).toBe(true);
    expect(bankMatches(nubank, 'nu pag')).toBe(true);
    expect(bankMatches(nubank, 'instituicao')).toBe(true);
  });

  it('does not find a bank by words it does not have', () => {
    expect(bankMatches(nubank, 'itau')).toBe(false);
    expect(bankMatches(itau, 'nubank')).toBe(false);
    expect(bankMatches(caixa, 'caixa inter')).toBe(false);
  });

  it('labels a bank with its common name first when it has one', () => {
    expect(bankLabel(nubank)).toBe('260 – Nubank (Nu Pagamentos S.A. – Instituição de Pagamento)');
    expect(bankLabel(caixa)).toBe('104 – Caixa Econômica Federal');
  });

  it('folds accents, case and spaces', () => {
    expect(foldForSearch('  ITAÚ   Unibanco ')).toBe('itau unibanco');
    expect(foldForSearch('PICPAY INSTITUIçãO')).toBe('picpay instituicao');
  });
});
