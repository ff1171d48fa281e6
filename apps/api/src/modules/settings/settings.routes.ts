import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  adminSecuritySchema,
  apiErrorSchema,
  publicSettingsSchema,
  settingsHistorySchema,
  settingsSavedSchema,
  settingsUpdateSchema,
  settingsViewSchema,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import type { SettingsService } from './settings.service.ts';
import type { Actor } from './settings.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403);

function actorOf(request: FastifyRequest): Actor {
  const auth = signedIn(request);
  return {
    adminId: auth.userId,
    ip: request.ip,
    locale: requestLocale(request),
    twoFactorEnabled: auth.twoFactorEnabled,
  };
}

/** A body refused by its schema as 422 VALIDATION_ERROR with a message per field. */
function unprocessableBody(error: Error): AppError {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[path] ??= issue.message ?? 'field.invalid';
    }
  }
  return new AppError('VALIDATION_ERROR', 422, {}, fields);
}

/**
 * The general settings (docs/settings-api.md): what visitors may see, the back office's view and
 * partial change with its history, and the two-factor switch of the admin dashboard.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ service: SettingsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v1/settings',
    {
      schema: {
        operationId: 'getPublicSettings',
        tags: ['settings'],
        summary: 'The public settings',
        description:
          'Contact channels, operating hours (with whether the desk is open now and its next opening), default tokens, PIX and Deriv limits, the boleto fee and the WhatsApp threshold. Never the PIX key, the Deriv account, the bank account or the switches of the back office. Reflects a change at once on the instance that saved it, within 2 seconds on the others.',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.publicSettings();
    },
  );

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    defaultAdminRole(admin, 'owner');
    const tags = ['admin-settings'];

    admin.get(
      '/api/v1/admin/settings',
      {
        schema: {
          operationId: 'getSettings',
          tags,
          summary: 'Every setting',
          response: { 200: settingsViewSchema, ...errors },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.get();
      },
    );

    admin.patch(
      '/api/v1/admin/settings',
      {
        attachValidation: true,
        schema: {
          operationId: 'updateSettings',
          tags,
          summary: 'Change some settings',
          description:
            'Only the fields sent change (null or "" clears an optional text). The stored values with the change must pass the shared rules, and default tokens must exist and be enabled: otherwise 422 VALIDATION_ERROR with a message per field, in the caller\'s language, and nothing is written. The change and its audit entry (before and after of the changed fields) are written in one transaction; caches of the settings on this instance are dropped after the commit.',
          body: settingsUpdateSchema,
          response: { 200: settingsSavedSchema, 422: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        if (request.validationError) throw unprocessableBody(request.validationError);
        return service.update(actorOf(request), request.body);
      },
    );

    admin.get(
      '/api/v1/admin/settings/history',
      {
        schema: {
          operationId: 'listSettingsHistory',
          tags,
          summary: 'The latest changes of the settings',
          description: 'The last 20 audit entries about the settings: who, when, before and after.',
          response: { 200: settingsHistorySchema, ...errors },
        },
      },
      async () => service.history(),
    );

    // The two-factor switch of the admin dashboard's security section: one setting, changed
    // through the same update (audited as `security.updated`).
    admin.get(
      '/api/v1/admin/security',
      {
        config: { adminRole: 'operator' },
        schema: {
          operationId: 'getSecuritySettings',
          tags: ['admin'],
          summary: 'Whether two-factor is mandatory for admins',
          response: { 200: adminSecuritySchema, ...errors },
        },
      },
      async () => ({ twoFactorRequired: (await service.get()).twoFactorRequired }),
    );

    admin.put(
      '/api/v1/admin/security',
      {
        schema: {
          operationId: 'updateSecuritySettings',
          tags: ['admin'],
          summary: 'Make two-factor mandatory for admins, or not',
          description:
            "The `twoFactorRequired` setting. Turning it on needs two-factor on the caller's own account (422 otherwise).",
          body: adminSecuritySchema,
          response: { 200: adminSecuritySchema, 422: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const saved = await service.update(actorOf(request), request.body, {
          action: 'security.updated',
        });
        return { twoFactorRequired: saved.settings.twoFactorRequired };
      },
    );
  };
  await app.register(adminRoutes);
};
