import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { mantineLayers } from './scripts/mantine-layers.ts';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';
const CLIENT_DIR = path.resolve(import.meta.dirname, 'build/client');

// One id per build, shared by every evaluation of this file in the same `react-router build`.
process.env.PERMUTA_BUILD_ID ??=
  process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
const BUILD_ID = process.env.PERMUTA_BUILD_ID;

/**
 * Static serving like production: `/en-US/login` -> `en-US/login/index.html`, files as they are,
 * anything else -> `__spa-fallback.html`. Not while React Router prerenders (it serves the app
 * itself through the same preview server).
 */
function staticFallback(): Plugin {
  return {
    name: 'permuta-static-fallback',
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (process.env.IS_RR_BUILD_REQUEST === 'yes') return next();
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname.startsWith('/api/')) return next();
        const file = path.join(CLIENT_DIR, decodeURIComponent(url.pathname));
        if (!file.startsWith(CLIENT_DIR)) return next();
        if (existsSync(file) && statSync(file).isFile()) return next();
        const page = path.join(file, 'index.html');
        const target = existsSync(page)
          ? path.relative(CLIENT_DIR, page).split(path.sep).join('/')
          : '__spa-fallback.html';
        req.url = `/${target}${url.search}`;
        next();
      });
    },
  };
}

/** Leaves the build id where scripts/after-build.ts finds it. */
function buildInfo(): Plugin {
  return {
    name: 'permuta-build-info',
    apply: 'build',
    writeBundle() {
      if (this.environment.name !== 'client') return;
      mkdirSync(path.resolve(import.meta.dirname, 'build'), { recursive: true });
      writeFileSync(
        path.resolve(import.meta.dirname, 'build/build-info.json'),
        `${JSON.stringify({ id: BUILD_ID, builtAt: new Date().toISOString() })}\n`,
      );
    },
  };
}

/**
 * Fewer, larger chunks for what every page loads (gzip works better on one file than on forty):
 * the framework; `shell` = the translator, the Mantine core and the shell's components, the app's shared
 * modules (no CSS); `shell-ui` = the theme with Mantine's base CSS and the page shell. Modules
 * only lazy code uses (Select, TanStack Query, sonner) keep their own chunks.
 *
 * `shell-ui` holds every CSS of the shell and no lazily imported code depends on it: React
 * Router marks the CSS of a chunk that a dynamic import reaches with a `#`, so Vite would append
 * it again after the page's own CSS when the lazy chunk loads, and Mantine's base rules would
 * then override the route's styles.
 */
const SHELL_COMPONENTS = [
  'Box',
  'UnstyledButton',
  'Anchor',
  'Text',
  'Title',
  'Container',
  'Group',
  'Stack',
  'Center',
  'Paper',
];
const SHELL_MODULES = [
  'lib/locale',
  'lib/session',
  'lib/use-session',
  'lib/use-locale',
  'lib/build-info',
  'lib/paths/core',
  'lib/meta',
  'lib/chunk-reload',
  'lib/version-check',
  'lib/toast',
  'i18n/i18n',
  'i18n/translator',
  'i18n/react',
  'components/local-link',
  'components/app-toaster',
];
const SHELL_UI_MODULES = [
  'theme',
  'components/site-shell',
  'components/site-header',
  'components/site-footer',
  'components/logo',
  'components/language-switcher',
  'components/color-mode-toggle',
  'components/account-actions',
  'components/shell-button',
];
const normalise = (id: string) => id.replaceAll('\\', '/');
const MANTINE_RE = new RegExp(
  `@mantine/core/esm/(core|components/(${SHELL_COMPONENTS.join('|')}))/|node_modules/clsx/|@tabler/icons-react/dist/esm/(createReactComponent|defaultAttributes)`,
);
const SHELL_RE = new RegExp(`/app/(${SHELL_MODULES.join('|')})\\.tsx?$`);
const SHELL_UI_RE = new RegExp(`/app/(${SHELL_UI_MODULES.join('|')})\\.tsx?$`);
const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: /node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//,
  },
  {
    name: 'shell',
    test: (id: string) => {
      const file = normalise(id);
      return MANTINE_RE.test(file) || SHELL_RE.test(file);
    },
  },
  { name: 'shell-ui', test: (id: string) => SHELL_UI_RE.test(normalise(id)) },
  // the API client on its own (before app-data, which would capture it as a dependency of the
  // query client): the sign-in page calls the API without the query library
  { name: 'api-client', test: (id: string) => /\/app\/lib\/api\.ts$/.test(normalise(id)) },
  // server state and forms of the signed-in areas: one chunk instead of twenty (each one an entry
  // of every route in the manifest the home page loads); the prerendered forms use neither
  // (decision 034)
  {
    name: 'app-data',
    test: (id: string) =>
      /node_modules\/(@tanstack\/|@mantine\/form\/)/.test(normalise(id)) ||
      /\/app\/lib\/(query-client|guard|redirect)\.tsx?$/.test(normalise(id)),
  },
  // what the sign-in form needs (the most visited form: the lighter, the sooner it paints)
  {
    name: 'inputs',
    test: (id: string) =>
      /@mantine\/(core\/esm\/components\/(Input|InputBase|TextInput|PasswordInput|Button|Loader|Alert|ActionIcon)\/|hooks\/)/.test(
        normalise(id),
      ) ||
      // and their styles, as one stylesheet: a form page then waits for one file, not seven
      /@mantine\/core\/styles\/(Input|PasswordInput|Button|Loader|Alert|ActionIcon)\.css$/.test(
        normalise(id),
      ),
  },
  // the other inputs of the signed-in areas' forms, one chunk and one stylesheet as well
  {
    name: 'more-inputs',
    test: (id: string) =>
      /@mantine\/core\/esm\/components\/(Checkbox|NativeSelect|CloseButton|Badge|Skeleton|SimpleGrid)\//.test(
        normalise(id),
      ) ||
      /@mantine\/core\/styles\/(Checkbox|CloseButton|Badge|Skeleton|SimpleGrid)\.css$/.test(
        normalise(id),
      ),
  },
];

/**
 * `/api` of the dev and preview servers goes to the API. The API refuses signed-in changes from
 * origins other than its own (PUBLIC_URL): a page of this server is the product's own, so its
 * `Origin` is dropped and the browser's `Sec-Fetch-Site: same-origin` speaks for it; a page of
 * any other origin keeps its `Origin` and is refused.
 */
const API_PROXY: Record<string, ProxyOptions> = {
  '/api': {
    target: API_TARGET,
    changeOrigin: false,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (req.headers.origin === `http://${req.headers.host}`) proxyReq.removeHeader('origin');
      });
    },
  },
};

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    sourcemap: process.env.ANALYZE === '1',
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  define: {
    __BRAND_NAME__: JSON.stringify(process.env.BRAND_NAME || 'Permuta'),
    __BUILD_ID__: JSON.stringify(command === 'build' ? BUILD_ID : 'dev'),
    // the public origin for canonical URLs, hreflang links and social previews: PUBLIC_URL (the
    // API's variable; SITE_URL overrides it for the build alone), by default the local server
    __SITE_URL__: JSON.stringify(
      (process.env.SITE_URL || process.env.PUBLIC_URL || 'http://localhost:3000').replace(
        /\/+$/,
        '',
      ),
    ),
  },
  plugins: [mantineLayers(), reactRouter(), staticFallback(), buildInfo()],
  server: {
    port: 5173,
    proxy: API_PROXY,
  },
  preview: {
    port: 4173,
    proxy: API_PROXY,
  },
}));
