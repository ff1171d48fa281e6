import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rememberedValidator } from './remembered-validator.ts';

function compile(size: number) {
  const seen = vi.fn((value: string) => value.toUpperCase());
  const schema = z.object({
    code: z
      .string()
      .regex(/^[a-z]+$/)
      .transform(seen),
  });
  const validate = rememberedValidator(size)({
    schema,
    method: 'GET',
    url: '/x',
    httpPart: 'querystring',
  });
  return { validate, seen };
}

describe('rememberedValidator', () => {
  it('gives an input seen before the same frozen value without running the schema again', () => {
    const { validate, seen } = compile(10);
    const first = validate({ code: 'usdt' }) as { value: { code: string } };
    const again = validate({ code: 'usdt' }) as { value: { code: string } };
    expect(first.value).toEqual({ code: 'USDT' });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(again.value)).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('refuses bad input every time and keeps none of it', () => {
    const { validate, seen } = compile(10);
    for (let i = 0; i < 3; i += 1) {
      expect((validate({ code: 'USDT!' }) as { error?: unknown }).error).toBeDefined();
    }
    expect(seen).not.toHaveBeenCalled();
  });

  it('remembers at most `size` inputs and still validates the ones beyond', () => {
    const { validate, seen } = compile(2);
    for (const code of ['a', 'b', 'c', 'c']) validate({ code });
    expect(seen).toHaveBeenCalledTimes(4); // 'c' came after the memory was full: run twice
    expect((validate({ code: 'c' }) as { value: unknown }).value).toEqual({ code: 'C' });
    validate({ code: 'a' });
    expect(seen).toHaveBeenCalledTimes(5);
  });
});
