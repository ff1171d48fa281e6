import fp from 'fastify-plugin';
import { isStorableText } from '@permuta/contracts';
import { sendError } from './errors.ts';

/** The paths (`body.message`, `params.id`, `query.q`) of the strings that cannot be stored. */
function unstorablePaths(value: unknown, path: string, found: Record<string, string>, depth = 0) {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found[path] = 'text.unstorable';
    return;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return;
  if (Buffer.isBuffer(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (!isStorableText(key)) found[at] = 'text.unstorable';
    else unstorablePaths(item, at, found, depth + 1);
  }
}

/**
 * One guard for every route, before anything reads the input: a NUL character or a lone surrogate in any
 * string of the path, the query or a parsed body is a 400 naming the field (PostgreSQL refuses
 * the first, UTF-8 has no form for the second; either used to end in a 500 somewhere down the
 * line). Field names are those of the schema: `message`, `id`, `q` (a whole text body: `_`).
 */
export default fp(
  async (app) => {
    // The path and the query on arrival: some routes read with them before their schema runs
    // (the customer order page reads the order in its onRequest, with the session).
    app.addHook('onRequest', async (request, reply) => {
      const found: Record<string, string> = {};
      unstorablePaths(request.params, '', found);
      unstorablePaths(request.query, '', found);
      if (Object.keys(found).length === 0) return;
      return sendError(request, reply, 400, 'VALIDATION_ERROR', {}, found);
    });
    // The body once parsed, before the route's schema.
    app.addHook('preValidation', async (request, reply) => {
      const found: Record<string, string> = {};
      if (typeof request.body === 'string') {
        if (!isStorableText(request.body)) found._ = 'text.unstorable';
      } else unstorablePaths(request.body, '', found);
      if (Object.keys(found).length === 0) return;
      return sendError(request, reply, 400, 'VALIDATION_ERROR', {}, found);
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
