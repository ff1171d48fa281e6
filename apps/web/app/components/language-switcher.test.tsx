// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from '../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../i18n/i18n.ts';
import enUS from '../locales/en-US.json';
import ptBR from '../locales/pt-BR.json';
import { localeFromPath, readLocaleCookie } from '../lib/locale.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});
beforeEach(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
});

function renderAt(url: string) {
  const locale = localeFromPath(url);
  const Stub = createRoutesStub([
    { path: '/*', Component: () => <LanguageSwitcher />, HydrateFallback: () => null },
  ]);
  return render(
    <I18nextProvider i18n={i18nFor(locale)}>
      <MantineProvider>
        <Stub initialEntries={[url]} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('language switcher', () => {
  it('keeps the choice in the locale cookie when followed, not when merely shown', async () => {
    renderAt('/en-US/terms-of-service?x=1');
    const link = await screen.findByRole('link', { name: /Português/ });
    expect(link.getAttribute('href')).toBe('/terms-of-service?x=1');
    expect(readLocaleCookie(document.cookie)).toBeNull();
    fireEvent.click(link);
    expect(readLocaleCookie(document.cookie)).toBe('pt-BR');
  });

  it('records English when switching from a Portuguese page', async () => {
    renderAt('/contact');
    fireEvent.click(await screen.findByRole('link', { name: /English/ }));
    expect(readLocaleCookie(document.cookie)).toBe('en-US');
  });
});
