import { describe, expect, it } from 'vitest';
import { passwordIssue } from './password-policy.ts';

describe('breached and personal passwords', () => {
  it('refuses well-known breached passwords whatever their case, also with symbols around them', () => {
    for (const password of ['Password1!', 'Passw0rd!', 'PASSWORD1!', '!Qwerty123', 'Iloveyou1!']) {
      expect(passwordIssue(password), password).toBe('password.common');
    }
  });

  it('refuses a password holding the username or the local part of the e-mail, whatever the case', () => {
    const person = { username: 'maria.s', email: 'Silvana.Costa@example.com' };
    expect(passwordIssue('Xy!MARIA.S2024', person)).toBe('password.personal');
    expect(passwordIssue('9#silvana.costaQ', person)).toBe('password.personal');
  });

  it('accepts a strong password of its own', () => {
    expect(passwordIssue('Str0ng!Pass', { username: 'maria.s', email: 'maria@example.com' })).toBe(
      null,
    );
    expect(passwordIssue('v7#Kq2!mZp')).toBe(null);
  });
});
