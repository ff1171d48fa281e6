import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, fieldMessage } from '@permuta/contracts';
import type { ApiErrorBody, ErrorCode, ErrorParams } from '@permuta/contracts';
import { AppError } from '../lib/app-error.ts';
import { requestLocale } from '../lib/locale.ts';

/**
 * One error shape for the whole API: { error: { code, message, fields?, params?, requestId } },
 * with the message in the caller's language. A 5xx never says more than "an error occurred";
 * the details go to the log with the request id.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  params: ErrorParams = {},
  fields?: Record<string, string>,
) {
  const locale = requestLocale(request);
  const body: ApiErrorBody = {
    error: {
      code,
      message: errorMessage(code, locale, params),
      ...(fields && Object.keys(fields).length > 0
        ? {
            fields: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, fieldMessage(v, locale)]),
            ),
          }
        : {}),
      ...(Object.keys(params).length > 0 ? { params } : {}),
      requestId: request.id,
    },
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export default fp(
  async (app) => {
    const send = sendError;

    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        // a throttled sign-in says when the next try is taken
        if (error.status === 429 && typeof error.params.seconds === 'number') {
          reply.header('retry-after', String(error.params.seconds));
        }
        return send(request, reply, error.status, error.code, error.params, error.fields);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          fields[path] ??= issue.message ?? 'field.invalid';
        }
        return send(request, reply, 400, 'VALIDATION_ERROR', {}, fields);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
        return send(request, reply, 429, 'RATE_LIMITED', { seconds });
      }
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(request, reply, status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, 500, 'INTERNAL_ERROR');
    });
  },
  { name: 'errors' },
);
