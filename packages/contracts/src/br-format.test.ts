import { describe, expect, it } from 'vitest';
import {
  formatCnpj,
  formatCpf,
  formatPixKey,
  formatPixPhone,
  formatTaxId,
  pixKeyTypeOf,
} from './br-format.ts';

describe('Brazilian identifiers as people read them', () => {
  it('writes a CPF with its dots and dash, from digits or a mask', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpf('1234')).toBe('1234');
  });

  it('writes a CNPJ with its dots, slash and dash, the alphanumeric one too', () => {
    expect(formatCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('123')).toBe('123');
  });

  it('tells a CPF from a CNPJ by its length', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatTaxId('12.345.678/0001-90')).toBe('12.345.678/0001-90');
    expect(formatTaxId('not a document')).toBe('not a document');
  });

  it('writes a phone PIX key with the country code, area code and dash', () => {
    expect(formatPixPhone('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPixPhone('11987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPixPhone('+551133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPixPhone('ana@example.com')).toBe('ana@example.com');
  });

  it('tells the type of a stored PIX key by its shape', () => {
    expect(pixKeyTypeOf('12345678909')).toBe('cpf');
    expect(pixKeyTypeOf('12345678000190')).toBe('cnpj');
    expect(pixKeyTypeOf('+5511987654321')).toBe('phone');
    expect(pixKeyTypeOf('ana@example.com')).toBe('email');
    expect(pixKeyTypeOf('123e4567-e89b-42d3-a456-426614174000')).toBe('random');
    expect(pixKeyTypeOf('TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j')).toBeNull();
  });

  it('formats each kind of PIX key, e-mails and random keys as they are', () => {
    expect(formatPixKey('12345678909')).toBe('123.456.789-09');
    expect(formatPixKey('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatPixKey('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(formatPixKey('ana@example.com')).toBe('ana@example.com');
    expect(formatPixKey('123e4567-e89b-42d3-a456-426614174000')).toBe(
      '123e4567-e89b-42d3-a456-426614174000',
    );
    // the given type wins over the shape
    expect(formatPixKey('12345678909', 'phone')).toBe('+55 (12) 34567-8909');
  });
});
