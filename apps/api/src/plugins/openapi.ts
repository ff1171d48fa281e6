import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 built from the routes' zod schemas, at /api/openapi.json; readable at /api/docs. */
export default fp<{ brandName: string; publicUrl: string }>(
  async (app, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${options.brandName} API`,
          version: '1.0.0',
          description:
            'JSON API of the exchange. Errors always have the shape `{ "error": { "code", "message", "fields", "requestId" } }`; messages follow the Accept-Language header (pt-BR or en-US).',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: {
            partnerKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A business API key (`pmt_live_...`) for /api/v1/partner/* (docs/partner-api.md).',
            },
          },
        },
        tags: [
          { name: 'pricing', description: 'Public token catalogue and quotes' },
          { name: 'health', description: 'Liveness, readiness and metrics' },
          { name: 'business', description: 'Business customers and their API keys' },
          { name: 'partner', description: 'The partner API, with an API key (Bearer)' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // the app-wide CSP of the security plugin applies (a second, stricter header from the
      // docs plugin would block the inline styles the docs page needs)
      staticCSP: false,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
