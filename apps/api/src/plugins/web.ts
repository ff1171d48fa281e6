import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface WebBuild {
  dir: string;
  /** URL paths that have a prerendered page, e.g. "/", "/en-US/login" */
  prerendered: Set<string>;
  /** CSP hashes of every inline script of every HTML file */
  inlineScriptHashes: string[];
  /**
   * Per prerendered page, a `Link` header that preloads its stylesheets: the browser asks for
   * them when the headers arrive, ahead of the modules and the catalogue the page's <head>
   * preloads, so the first paint waits less for them on a slow connection (decision 034).
   */
  stylesheetLinks: Map<string, string>;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
// a stylesheet of the build: a path of plain characters (React Router may end it with `#`)
const STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/[\w\-./]+#?)"[^>]*>/g;

/** The `Link` header preloading the stylesheets a page's HTML links to, or null if none. */
export function stylesheetPreloads(html: string): string | null {
  const hrefs = [...new Set([...html.matchAll(STYLESHEET)].map((match) => match[1] ?? ''))];
  return hrefs.length > 0
    ? hrefs.map((href) => `<${href}>; rel=preload; as=style`).join(', ')
    : null;
}

/** Reads the built web app once at start: which pages are prerendered, which inline scripts run. */
export function loadWebBuild(dir: string): WebBuild | null {
  if (
    !existsSync(path.join(dir, '__spa-fallback.html')) &&
    !existsSync(path.join(dir, 'index.html'))
  ) {
    return null;
  }
  const prerendered = new Set<string>();
  const hashes = new Set<string>();
  const stylesheetLinks = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      const body = match[1] ?? '';
      if (body.trim() !== '')
        hashes.add(`sha256-${createHash('sha256').update(body).digest('base64')}`);
    }
    if (entry.name === 'index.html') {
      const rel = path.relative(dir, entry.parentPath).split(path.sep).join('/');
      const page = rel === '' ? '/' : `/${rel}`;
      prerendered.add(page);
      const links = stylesheetPreloads(html);
      if (links) stylesheetLinks.set(page, links);
    }
  }
  return { dir, prerendered, inlineScriptHashes: [...hashes].sort(), stylesheetLinks };
}

export interface WebOptions {
  build: WebBuild;
  /** true when the path is a screen of the app (so an unknown one answers 404) */
  isAppPath: (pathname: string) => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET for a page of the web app; false when the request is not for a page. */
    serveWebPage: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

/**
 * Serves the built web app: hashed assets with a one-year immutable cache, prerendered pages by
 * their folder's index.html, any other screen through the SPA fallback (404 status when the path
 * is no screen at all, so the app's 404 page and the status agree).
 */
export default fp<WebOptions>(
  async (app, { build, isAppPath }) => {
    await app.register(fastifyStatic, {
      root: build.dir,
      prefix: '/',
      // wildcard: false registers one GET/HEAD route per file found now, so API routes and the
      // page fallback keep precedence over the file system.
      wildcard: false,
      index: false,
      redirect: false,
      cacheControl: false,
      // The build writes x.br and x.gz beside each text file (the strongest settings, once):
      // sent as they are to a browser that accepts them. Without a copy, the compression plugin
      // compresses on the fly. The copies get no route of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath: string) {
        const rel = path.relative(build.dir, filePath.replace(/\.(br|gz)$/, ''));
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (
          rel.startsWith(`builds${path.sep}`) ||
          rel.endsWith('.html') ||
          // the push service worker (decision 060): a new one is picked up at the next visit
          rel === 'sw.js'
        ) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });

    app.decorate('serveWebPage', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      let pathname: string;
      try {
        pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return false; // malformed escape: the API's own 404 answers
      }
      if (pathname.startsWith('/api/') || pathname === '/api') return false;
      const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      if (build.prerendered.has(clean)) {
        const file = clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`;
        const links = build.stylesheetLinks.get(clean);
        if (links) reply.header('link', links);
        await reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile(file);
        return true;
      }
      await reply
        .status(isAppPath(clean) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('__spa-fallback.html');
      return true;
    });

    // Pages are answered by a route, not only by the not-found handler: route-level hooks
    // (compression above all) apply to routes only. A wildcard has the lowest precedence, so API
    // routes and files still match first; what is no page goes on to the not-found handler.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (await app.serveWebPage(request, reply)) return reply;
      return reply.callNotFound();
    });
  },
  { name: 'web' },
);
