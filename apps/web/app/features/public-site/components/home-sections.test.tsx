// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import { I18nextProvider } from '../../../i18n/react.tsx';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import type { Locale } from '../../../lib/locale.ts';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { json } from '../../../../test/render-screen.tsx';
import { settingsKeys } from '../../settings/api/keys.ts';
import { SETTINGS } from '../testing.ts';
import HomeSections from './home-sections.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  getQueryClient().clear();
  vi.unstubAllGlobals();
});

function page(locale: Locale): ReactNode {
  return (
    <MemoryRouter initialEntries={[locale === 'en-US' ? '/en-US' : '/']}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <HomeSections />
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
}

describe('the home sections over their prerendered HTML', () => {
  // The calculator reads the same settings query (for its "closed now" line): when its answer
  // arrives before these sections hydrate, the cache already holds settings the prerender never
  // had, and hydrating with them made React throw its text-mismatch error (#418) on the home page.
  it.each(['pt-BR', 'en-US'] as const)(
    'hydrate without a mismatch when the settings arrived first (%s)',
    async (locale) => {
      vi.stubGlobal(
        'fetch',
        // every list the sections read is empty; the reviews' answer carries its summary, so an
        // answer arriving before the test ends renders instead of throwing
        vi.fn(() =>
          json(200, {
            items: [],
            total: 0,
            summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
          }),
        ),
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(page(locale));
      document.body.append(container);

      getQueryClient().setQueryData(settingsKeys.public(), {
        ...SETTINGS,
        supportEmail: 'outro@permuta.example',
        operatingHours: { ...SETTINGS.operatingHours, open: '08:00', close: '20:00' },
      });
      const recoverable: string[] = [];
      await act(async () => {
        root = hydrateRoot(container, page(locale), {
          onRecoverableError: (error) => recoverable.push(String(error)),
        });
        await Promise.resolve();
      });
      expect(recoverable).toEqual([]);
      // and once hydrated, the sections show what the settings say
      expect(container.textContent).toContain(locale === 'pt-BR' ? '08:00' : '8:00');
      expect(container.querySelector('#video-title')).not.toBeNull();
    },
  );
});
