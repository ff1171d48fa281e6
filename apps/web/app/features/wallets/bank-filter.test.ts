import { describe, expect, it } from 'vitest';
import { bankLabel } from '@permuta/contracts/banks';
import { filterBanks } from './bank-filter.ts';

const options = [
  { code: '001', name: 'Banco do Brasil S.A.', commonName: 'Banco do Brasil' },
  { code: '260', name: 'Nu Pagamentos S.A. – Instituição de Pagamento', commonName: 'Nubank' },
  { code: '341', name: 'Itaú Unibanco S.A.', commonName: 'Itaú' },
  { code: '380', name: 'Picpay Instituição de Pagamento S.A.', commonName: 'PicPay' },
].map((bank) => ({ value: bank.code, label: bankLabel(bank) }));

const found = (search: string, limit = 50) =>
  filterBanks({ options, search, limit }).map((option) => ('value' in option ? option.value : ''));

describe('bank select filter', () => {
  it('finds banks by the name people use, whatever the accents and case', () => {
    expect(found('Nubank')).toEqual(['260']);
    expect(found('itau')).toEqual(['341']);
    expect(found('ITAÚ unibanco')).toEqual(['341']);
    expect(found('picpay instituicao')).toEqual(['380']);
  });

  it('finds by code, keeps every bank for an empty search and honours the limit', () => {
    expect(found('380')).toEqual(['380']);
    expect(found('')).toEqual(['001', '260', '341', '380']);
    expect(found('', 2)).toEqual(['001', '260']);
    expect(found('bradesco')).toEqual([]);
  });
});
