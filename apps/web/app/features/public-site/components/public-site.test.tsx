// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@permuta/contracts/settings';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import { I18nextProvider } from '../../../i18n/react.tsx';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import type { Locale } from '../../../lib/locale.ts';
import { SETTINGS } from '../testing.ts';
import { ContactChannels } from './contact-channels.tsx';
import { DeskHours } from './desk-hours.tsx';
import type { PublicToken } from '@permuta/contracts/catalogue';
import { Faq } from './faq.tsx';
import { TutorialVideo } from './tutorial-video.tsx';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

function renderIn(locale: Locale, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[locale === 'en-US' ? '/en-US' : '/']}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>{ui}</MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const NO_CHANNELS: PublicSettings = {
  ...SETTINGS,
  instagramUrl: null,
  telegramUrl: null,
  youtubeUrl: null,
  supportEmail: null,
  supportPhone: null,
  whatsappUrl: null,
};

describe('contact channels', () => {
  it('links every configured channel, WhatsApp from the support phone', () => {
    renderIn(
      'en-US',
      <ContactChannels settings={SETTINGS} isError={false} onRetry={() => undefined} />,
    );
    const list = screen.getByTestId('contact-channels');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://wa.me/5511999990000',
      'mailto:suporte@permuta.example',
      'tel:+5511999990000',
      'https://www.instagram.com/permuta.example',
      'https://t.me/permuta_example',
      'https://www.youtube.com/@permuta-example',
    ]);
    expect(links[0]).toHaveProperty('textContent', 'WhatsApp(11) 99999-0000(opens in a new tab)');
    expect(links[4]).toHaveProperty('textContent', 'Telegram@permuta_example(opens in a new tab)');
    expect(links[1]?.getAttribute('target')).toBeNull();
  });

  it('says contact is temporarily unavailable when no channel is configured, in Portuguese', () => {
    renderIn(
      'pt-BR',
      <ContactChannels settings={NO_CHANNELS} isError={false} onRetry={() => undefined} />,
    );
    expect(screen.getByTestId('contact-unavailable').textContent).toContain(
      'Contato temporariamente indisponível',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers a retry when the channels could not be loaded', () => {
    let retried = 0;
    renderIn(
      'en-US',
      <ContactChannels settings={undefined} isError onRetry={() => (retried += 1)} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'We could not load our contact channels.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });
});

describe('FAQ', () => {
  it('answers with the configured numbers once the settings are known', () => {
    renderIn('pt-BR', <Faq settings={SETTINGS} />);
    expect(screen.getByTestId('faq-limits').textContent).toContain(
      'Pelo PIX você pode receber de R$ 50,00 a R$ 50.000,00 por pedido e, pela Deriv, de US$ 10,00 a US$ 5.000,00.',
    );
    expect(screen.getByTestId('faq-payment').textContent).toContain('taxa adicional de R$ 3,50');
    expect(screen.getByTestId('faq-account').textContent).toContain('acima de R$ 200,00');
  });

  it('answers every question without the settings too (the prerendered page)', () => {
    renderIn('en-US', <Faq settings={undefined} />);
    expect(screen.getAllByRole('group')).toHaveLength(10);
    expect(screen.getByTestId('faq-account').textContent).toContain('above R$200.00');
    expect(screen.getByTestId('faq-payment').textContent).toContain(
      'up to three business days to clear and carries an extra fee, shown',
    );
    expect(screen.getByTestId('faq-limits').textContent).not.toMatch(/\d/);
    expect(screen.getByTestId('faq-support').textContent).toContain(
      'Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)',
    );
    expect(screen.getByTestId('faq-age').textContent).toContain('18 or older');
  });
});

describe('FAQ tokens', () => {
  const token = (code: string, kind: 'crypto' | 'pix', networks: string[]) =>
    ({
      code,
      name: code,
      kind,
      precision: 2,
      priceBrl: '1',
      priceUpdatedAt: null,
      quotable: true,
      receiveMin: null,
      receiveMax: null,
      networks: networks.map((code) => ({ code, name: code })),
    }) as unknown as PublicToken;

  it('names only the crypto the catalogue offers, with its networks', () => {
    renderIn(
      'pt-BR',
      <Faq
        settings={SETTINGS}
        tokens={[
          token('USDT', 'crypto', ['TRC20', 'BEP20', 'ERC20']),
          token('BTC', 'crypto', ['BTC']),
          token('PIX', 'pix', []),
        ]}
      />,
    );
    const answer = screen.getByTestId('faq-assets').textContent;
    expect(answer).toContain('Cripto: USDT nas redes TRC20, BEP20 e ERC20 e BTC na rede BTC.');
    expect(answer).not.toContain('ETH');
  });

  it('promises no token by name before the catalogue arrives (the prerendered page)', () => {
    renderIn('en-US', <Faq settings={undefined} />);
    const answer = screen.getByTestId('faq-assets').textContent;
    expect(answer).toContain('Crypto: the tokens and networks the calculator lists.');
    expect(answer).not.toMatch(/\b(ETH|BTC|USDT)\b/);
  });
});

describe('desk hours', () => {
  it('shows the hours alone before the settings arrive', () => {
    renderIn('en-US', <DeskHours settings={undefined} />);
    expect(screen.getByTestId('desk-schedule').textContent).toBe(
      'Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)',
    );
    expect(screen.queryByTestId('desk-status')).toBeNull();
  });

  it('says open now, until when, from the settings', () => {
    renderIn(
      'pt-BR',
      <DeskHours settings={{ ...SETTINGS, deskOpenNow: true, nextOpeningAt: null }} />,
    );
    expect(screen.getByTestId('desk-status').textContent).toBe('Aberto agora');
    expect(screen.getByTestId('desk-next').textContent).toBe('Aberto hoje até as 18:00');
    expect(screen.getByTestId('desk-schedule').textContent).toBe(
      'De segunda-feira a sexta-feira, das 10:00 às 18:00 (horário de Brasília)',
    );
  });

  it('says closed now and when it opens', () => {
    renderIn('en-US', <DeskHours settings={SETTINGS} />);
    expect(screen.getByTestId('desk-status').textContent).toBe('Closed now');
    expect(screen.getByTestId('desk-next').textContent).toMatch(/^We open .+ at 10:00 AM$/);
  });
});

describe('tutorial video', () => {
  it('loads nothing from YouTube before the visitor presses play', () => {
    renderIn('en-US', <TutorialVideo url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" />);
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play the tutorial video' }));
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(frame?.getAttribute('title')).toBe('Tutorial: how to exchange on Permuta');
  });

  it('shows nothing for a link that is not a YouTube video', () => {
    renderIn('en-US', <TutorialVideo url="https://example.com/video" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
