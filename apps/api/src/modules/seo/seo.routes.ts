import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robotsTxt, sitemapXml } from '@permuta/contracts/seo';
import { fileAnswer } from '../../lib/api-errors.ts';

/**
 * /sitemap.xml and /robots.txt for search engines, with absolute URLs from PUBLIC_URL. Built
 * once at start: they change only with the code or the configuration.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const sitemap = sitemapXml(publicUrl);
  const robots = robotsTxt(publicUrl);
  const cache = 'public, max-age=3600';

  app.get(
    '/sitemap.xml',
    {
      schema: {
        operationId: 'getSitemap',
        tags: ['seo'],
        summary: 'Sitemap of the public pages in both languages, with hreflang alternates',
        response: { 200: fileAnswer('xml', 'The sitemap') },
      },
    },
    async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemap),
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        operationId: 'getRobotsTxt',
        tags: ['seo'],
        summary: 'Crawling rules, with the sitemap address',
        response: { 200: fileAnswer('text', 'The rules') },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robots),
  );
};
