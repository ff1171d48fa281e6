import { describe, expect, it } from 'vitest';
import { changePasswordSchema, registrationSchemaOn } from '@permuta/contracts/accounts';
import { ApiError } from '../../lib/api.ts';
import { describeFailure } from './failure.ts';
import { localizedResolver } from './form.ts';

const adult = {
  username: 'maria.s',
  name: 'Maria Silva',
  email: 'maria@example.com',
  phone: '(11) 98888-7777',
  cpf: '529.982.247-25',
  birthDate: '1990-05-17',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  acceptTerms: true,
};
const schema = registrationSchemaOn(() => new Date('2026-03-02T12:00:00Z'));

describe('form validation with the shared schema', () => {
  it('accepts a complete adult registration', () => {
    expect(localizedResolver(schema, 'en-US')(adult)).toEqual({});
  });

  it('puts each problem on its field, in the page language', () => {
    const errors = localizedResolver(
      schema,
      'pt-BR',
    )({ ...adult, cpf: '123', phone: '12', acceptTerms: false, username: 'ab' });
    expect(errors).toEqual({
      cpf: 'O CPF deve ter 11 dígitos.',
      phone: 'O telefone deve ter 10 ou 11 dígitos.',
      acceptTerms: 'Você precisa aceitar os termos de uso e a política de privacidade.',
      username: 'O nome de usuário deve ter pelo menos 3 caracteres.',
    });
  });

  it('refuses a minor with the guardian rule', () => {
    const errors = localizedResolver(schema, 'en-US')({ ...adult, birthDate: '2010-01-01' });
    expect(errors.birthDate).toMatch(/18 or older.*legal guardian/);
  });

  it('reports mismatched passwords on the confirmation', () => {
    const errors = localizedResolver(schema, 'en-US')({ ...adult, confirmPassword: 'Other1!pass' });
    expect(errors).toEqual({ confirmPassword: 'The passwords did not match.' });
  });

  it('asks for a new password different from the current one', () => {
    const errors = localizedResolver(
      changePasswordSchema,
      'en-US',
    )({
      currentPassword: 'Str0ng!pass',
      newPassword: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
    });
    expect(errors).toEqual({
      newPassword: 'The new password must be different from the current one.',
    });
  });
});

describe('describing a failed request', () => {
  it('puts the API field messages on the form fields it has', () => {
    const error = new ApiError({
      status: 409,
      code: 'DUPLICATE',
      message: 'Please check the form for errors.',
      fields: { username: 'This username is already taken.', other: 'x' },
    });
    expect(describeFailure(error, ['username', 'cpf'], 'fallback')).toEqual({
      fields: { username: 'This username is already taken.' },
      message: 'Please check the form for errors.',
    });
  });

  it('uses the fallback for anything that is not an API error', () => {
    expect(describeFailure(new TypeError('boom'), ['email'], 'fallback')).toEqual({
      fields: {},
      message: 'fallback',
    });
  });
});
