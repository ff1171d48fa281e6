import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

type Validation = ReturnType<ReturnType<FastifySchemaCompiler<FastifySchema>>>;

/**
 * A route's validator (the shared zod schema, as everywhere) that remembers the inputs it
 * accepted, for a hot public route whose callers send the same few inputs again and again (the
 * calculator's query string). Validation is a pure function of the input, so an input seen
 * before gets the same validated value without running the schema again. Refused inputs are not
 * kept (garbage must not fill the memory), and at most `size` inputs are remembered (beyond
 * that, the schema simply runs for each new one). The values are frozen: a
 * handler cannot change what the next request will get.
 */
export function rememberedValidator(size: number): FastifySchemaCompiler<FastifySchema> {
  return (route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    const accepted = new Map<string, Validation>();
    return (data: unknown): Validation => {
      const key = JSON.stringify(data);
      const known = accepted.get(key);
      if (known) return known;
      const result = validate(data) as { value?: unknown; error?: Error };
      if (result.error !== undefined) return result;
      const kept = { value: Object.freeze(result.value) };
      if (accepted.size < size) accepted.set(key, kept);
      return kept;
    };
  };
}
