// first: the root stylesheet (imported by theme.ts) declares the order of Mantine's layers
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';
import { useEffect, type ReactNode } from 'react';
import {
  Anchor,
  Center,
  ColorSchemeScript,
  Container,
  MantineProvider,
  Stack,
  Text,
  Title,
  mantineHtmlProps,
} from '@mantine/core';
import { I18nextProvider, useTranslation } from './i18n/react.tsx';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useNavigate,
} from 'react-router';
import type { Route } from './+types/root';
import { AppToaster } from './components/app-toaster.tsx';
import { LocalLink } from './components/local-link.tsx';
import { ShellButton, ShellLinkButton } from './components/shell-button.tsx';
import { Logo } from './components/logo.tsx';
import { CATALOGUE_URL, i18nFor, loadCatalogue } from './i18n/i18n.ts';
import {
  installChunkReload,
  recoverChunkReload,
  usePendingNavigation,
} from './lib/chunk-reload.ts';
import { FIRST_VISIT_SCRIPT, localeFromPath } from './lib/locale.ts';
import { BRAND } from './lib/build-info.ts';
import { metaFor } from './lib/meta.ts';
import { checkExpiry, setSessionNavigator, startSession } from './lib/session.ts';
import { reloadIfOutdated, startVersionPolling } from './lib/version-check.ts';

export const meta: Route.MetaFunction = ({ error, location }) => {
  const locale = localeFromPath(location.pathname);
  const base = metaFor(locale);
  if (!error) return base;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = i18nFor(locale).t.bind(i18nFor(locale));
  const title = `${status === 404 ? t('error.notFound') : t('error.internal')} - ${BRAND}`;
  return [{ title }, ...base.filter((d) => !('title' in d))];
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/**
 * Every client navigation: forget a session older than 12 hours (without navigating), and when a
 * newer build was deployed, load the target page from the server instead.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    checkExpiry();
    await reloadIfOutdated(request.url);
    await loadCatalogue(localeFromPath(new URL(request.url).pathname));
    await next();
  },
];

// a chunk that failed to load sent us here: continue to the page that was being opened
recoverChunkReload();

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  return (
    <html lang={locale} {...mantineHtmlProps} data-mantine-color-scheme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        {/* the first-visit redirect runs from the static HTML only; the client never re-runs it */}
        <script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? FIRST_VISIT_SCRIPT : '' }}
          suppressHydrationWarning
        />
        <link rel="preload" href={CATALOGUE_URL[locale]} as="fetch" crossOrigin="anonymous" />
        <ColorSchemeScript defaultColorScheme="dark" localStorageKey="color-mode" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18nFor(locale)}>
          <MantineProvider
            theme={theme}
            colorSchemeManager={colorSchemeManager}
            cssVariablesResolver={cssVariablesResolver}
            defaultColorScheme="dark"
          >
            {children}
          </MantineProvider>
        </I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Side effects of the running app: <html lang>, session timer, version and chunk checks. The
 * locale cookie is not written here: opening a page is no choice of language (the switcher and
 * the first-visit redirect write it).
 */
function AppEffects() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const locale = localeFromPath(pathname);

  useEffect(() => {
    // the SPA fallback page is prerendered in Portuguese: correct <html lang> after hydration
    document.documentElement.lang = locale;
  }, [locale, pathname]);

  useEffect(() => {
    setSessionNavigator((to) => void navigate(to));
    return startSession();
  }, [navigate]);

  useEffect(() => startVersionPolling(), []);
  useEffect(() => installChunkReload(), []);
  usePendingNavigation();
  return null;
}

export default function App() {
  return (
    <>
      <AppEffects />
      <Outlet />
      <AppToaster />
    </>
  );
}

/**
 * Shown by __spa-fallback.html while a page that is not prerendered loads. No text: that file is
 * rendered once (in Portuguese) for pages of both languages, and text would not hydrate.
 */
export function HydrateFallback() {
  return (
    <Center mih="100dvh" aria-busy="true">
      <span className="app-spinner" />
    </Center>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  let status = 500;
  let description: string = t('error.generic');
  if (isRouteErrorResponse(error)) {
    status = error.status;
    description =
      typeof error.data === 'string' && error.data ? error.data : error.statusText || description;
  } else if (error instanceof Error && error.message) {
    description = error.message;
  }
  const statusMessage = status === 404 ? t('error.notFound') : t('error.internal');
  return (
    <Container size="sm" py={64}>
      <Stack gap="lg" align="flex-start">
        <Anchor component={LocalLink} to="/" underline="never">
          <Logo />
        </Anchor>
        <Text c="dimmed" fw={700}>
          {t('error.status', { status })}
        </Text>
        <Title order={1}>{statusMessage}</Title>
        <Text>{description}</Text>
        <Stack gap="xs" w="100%" maw={320}>
          <ShellLinkButton to="/" fullWidth>
            {t('common.backHome')}
          </ShellLinkButton>
          <ShellButton variant="default" fullWidth onClick={() => window.location.reload()}>
            {t('error.reload')}
          </ShellButton>
        </Stack>
      </Stack>
    </Container>
  );
}
