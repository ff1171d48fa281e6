import { describe, expect, it } from 'vitest';
import { formatBirthDate, formatPhone, maskCpf } from './format.ts';

describe('account formatting', () => {
  it('masks the CPF, keeping only its middle digits', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
    // already masked or unexpected: shown as it is
    expect(maskCpf('***.982.247-**')).toBe('***.982.247-**');
  });

  it('shows a stored phone the Brazilian way', () => {
    expect(formatPhone('+5511988887777')).toBe('(11) 98888-7777');
    expect(formatPhone('+551133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('123')).toBe('123');
  });

  it('formats the birth date without shifting the day', () => {
    expect(formatBirthDate('1990-01-01', 'pt-BR')).toBe('1 de janeiro de 1990');
    expect(formatBirthDate('1990-01-01', 'en-US')).toBe('January 1, 1990');
  });
});
