import { describe, expect, it } from 'vitest';
import { adminCreateSchema, documentReviewSchema } from '@permuta/contracts/accounts';
import { ApiError } from '../../lib/api.ts';
import { serverFieldErrors, zodValidate } from './form-errors.ts';

describe('form validation with the shared schemas', () => {
  it('passes a valid new admin', () => {
    const validate = zodValidate(adminCreateSchema, 'en-US');
    expect(
      validate({
        username: 'ana.ops',
        password: 'Str0ng!Pass',
        confirmPassword: 'Str0ng!Pass',
        adminRole: 'operator',
      }),
    ).toEqual({});
  });

  it('gives one message per field in the page language', () => {
    const validate = zodValidate(adminCreateSchema, 'pt-BR');
    expect(
      validate({ username: 'a', password: 'weak', confirmPassword: 'other', adminRole: 'owner' }),
    ).toEqual({
      username: 'O nome de usuário deve ter pelo menos 3 caracteres.',
      confirmPassword: 'As senhas não coincidem.',
      password:
        'A senha deve ter pelo menos 8 caracteres, com uma letra maiúscula, uma minúscula, um número e um caractere especial.',
    });
    expect(
      zodValidate(
        adminCreateSchema,
        'en-US',
      )({
        username: 'ana',
        password: 'Str0ng!Pass',
        confirmPassword: 'Str0ng!Pazz',
        adminRole: 'finance',
      }),
    ).toEqual({ confirmPassword: 'The passwords did not match.' });
  });

  it('asks for a reason of at least 5 characters to reject a document', () => {
    expect(
      zodValidate(documentReviewSchema, 'en-US')({ decision: 'reject', reason: ' no ' }),
    ).toEqual({ reason: 'Tell the customer why (at least 5 characters).' });
  });

  it("turns the server's field keys into messages and ignores other errors", () => {
    const taken = new ApiError({
      status: 409,
      code: 'DUPLICATE',
      message: 'Please check the form for errors.',
      fields: { username: 'username.taken' },
    });
    expect(serverFieldErrors(taken, 'en-US')).toEqual({
      username: 'This username is already taken.',
    });
    expect(serverFieldErrors(new Error('boom'), 'en-US')).toEqual({});
    expect(serverFieldErrors(null, 'en-US')).toEqual({});
  });
});
