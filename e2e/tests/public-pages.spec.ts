import { randomBytes } from 'node:crypto';
import { LOCALES, fieldMessage } from '@permuta/contracts';
import { CONTACT_SENT_MESSAGE } from '@permuta/contracts/messages/contact';
import { localizedPath } from '@permuta/contracts/routes';
import { waitForMailAbout } from './accounts-support.ts';
import { expect, fieldName, openPage, unexpectedErrors, type Locale } from './back-office.ts';
import { gotoAndSettle, test, text, seriousAxeFindings } from './support.ts';

const BRAND = 'Permuta';
/** the demo settings' support address, where contact messages go */
const SUPPORT = 'suporte@permuta.example';

const PAGES = [
  { id: 'home', path: '/' },
  { id: 'contact', path: '/contact' },
  { id: 'business', path: '/business' },
  { id: 'pld', path: '/pld' },
  { id: 'privacyPolicy', path: '/privacy-policy' },
  { id: 'termsOfService', path: '/terms-of-service' },
] as const;

/** A catalogue text with its placeholders filled (the brand by default). */
function says(locale: Locale, key: string, values: Record<string, string> = {}): string {
  return text(locale, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    name === 'brand' ? BRAND : (values[name] ?? `{{${name}}}`),
  );
}

const money = (locale: Locale, amount: string) =>
  locale === 'pt-BR' ? `R$ ${amount}` : `R$${amount}`;

for (const locale of LOCALES) {
  const other: Locale = locale === 'pt-BR' ? 'en-US' : 'pt-BR';

  test.describe(`public pages in ${locale}`, () => {
    for (const { id, path } of PAGES) {
      const url = localizedPath(path, locale);

      test(`${url} is prerendered with its title, description, canonical URL and alternates`, async ({
        browser,
      }) => {
        // scripts off: what a crawler or a link preview reads is the static HTML
        const context = await browser.newContext({ javaScriptEnabled: false, locale });
        const page = await context.newPage();
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const title = id === 'home' ? BRAND : `${says(locale, `pages.${id}.title`)} - ${BRAND}`;
        await expect(page).toHaveTitle(title);
        const head = page.locator('head');
        const description = says(locale, `pages.${id}.description`);
        await expect(head.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          description,
        );

        const canonical = head.locator('link[rel="canonical"]');
        await expect(canonical).toHaveCount(1);
        const href = (await canonical.getAttribute('href')) ?? '';
        const origin = /^https?:\/\/[^/]+/.exec(href)?.[0];
        expect(origin, 'an absolute canonical URL').toBeTruthy();
        expect(href).toBe(`${origin}${url}`);
        for (const [hreflang, target] of [
          [locale, url],
          [other, localizedPath(path, other)],
          ['x-default', path],
        ] as const) {
          await expect(
            head.locator(`link[rel="alternate"][hreflang="${hreflang}"]`),
            hreflang,
          ).toHaveAttribute('href', `${origin}${target}`);
        }

        const og = (property: string) => head.locator(`meta[property="${property}"]`);
        await expect(og('og:url')).toHaveAttribute('content', href);
        await expect(og('og:type')).toHaveAttribute('content', 'website');
        await expect(og('og:title')).toHaveAttribute(
          'content',
          id === 'home' ? says(locale, 'meta.title') : title,
        );
        await expect(og('og:description')).toHaveAttribute('content', description);
        await expect(og('og:image')).toHaveAttribute('content', `${origin}/og-image.png`);
        await expect(og('og:locale')).toHaveAttribute('content', locale.replace('-', '_'));
        await expect(og('og:locale:alternate')).toHaveAttribute('content', other.replace('-', '_'));
        await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
          'content',
          'summary_large_image',
        );
        await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute(
          'content',
          `${origin}/og-image.png`,
        );
        const image = await page.request.get('/og-image.png');
        expect(image.headers()['content-type']).toBe('image/png');
        await context.close();
      });

      test(`no serious accessibility finding on ${url}`, async ({ browser }) => {
        const { page, context, errors } = await openPage(browser, locale);
        await gotoAndSettle(page, url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await seriousAxeFindings(page)).toEqual([]);
        expect(unexpectedErrors(errors)).toEqual([]);
        await context.close();
      });
    }

    test('home: three steps, hours, a click-to-load tutorial, reviews and the FAQ', async ({
      browser,
      baseURL,
    }) => {
      const { page, context, errors } = await openPage(browser, locale);
      const external: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(baseURL ?? '')) external.push(request.url());
      });
      // the privacy-enhanced player, answered here (no internet in tests)
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
      );
      await gotoAndSettle(page, localizedPath('/', locale));

      await expect(
        page.getByRole('heading', { name: says(locale, 'home.steps.title') }),
      ).toBeVisible();
      await expect(page.locator('#how-it-works li')).toHaveCount(3);

      // hours, and whether the desk is open now (from the settings, São Paulo time); the
      // sections below the calculator come alive as the visitor scrolls to them
      await page.getByTestId('desk-schedule').scrollIntoViewIfNeeded();
      await expect(
        page.getByRole('heading', { name: says(locale, 'home.hours.title') }),
      ).toBeVisible();
      await expect(page.getByTestId('desk-schedule')).toContainText(
        locale === 'pt-BR' ? 'segunda-feira a sexta-feira' : 'Monday to Friday',
      );
      await expect(page.getByTestId('desk-status')).toHaveText(
        new RegExp(
          `^(${says(locale, 'home.hours.openNow')}|${says(locale, 'home.hours.closedNow')})$`,
        ),
      );

      // nothing from YouTube until play is pressed; then only the privacy-enhanced player
      await expect(
        page.getByRole('heading', { name: says(locale, 'home.video.title') }),
      ).toBeVisible();
      expect(external).toEqual([]);
      await page.getByRole('button', { name: says(locale, 'home.video.play') }).click();
      const player = page.locator('iframe');
      await expect(player).toHaveAttribute(
        'src',
        'https://www.youtube-nocookie.com/embed/permutaDemo?autoplay=1&rel=0',
      );
      await expect(player).toHaveAttribute('title', says(locale, 'home.video.frameTitle'));
      await expect.poll(() => external.length).toBeGreaterThan(0);
      expect(external.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(
        true,
      );

      // the recent reviews section (the reviews feature's), loaded in the browser
      const reviews = page.getByTestId('recent-reviews');
      await expect(
        reviews.getByRole('heading', { name: says(locale, 'reviews.recent.title') }),
      ).toBeVisible();
      await expect(reviews.getByRole('status')).toHaveCount(0);

      // the FAQ: one answer open at a time, numbers from the settings
      const questions = page.locator('details summary');
      await expect(questions).toHaveCount(10);
      const answer = async (item: string) => {
        const details = page.getByTestId(`faq-${item}`);
        await details.locator('summary').click();
        await expect(details).toHaveAttribute('open', '');
        return details.locator('p');
      };
      await expect(await answer('account')).toContainText(
        `${locale === 'pt-BR' ? 'acima de' : 'above'} ${money(locale, locale === 'pt-BR' ? '200,00' : '200.00')}`,
      );
      const payment = await answer('payment');
      await expect(payment).toContainText(money(locale, locale === 'pt-BR' ? '3,50' : '3.50'));
      await expect(payment).toContainText(
        locale === 'pt-BR' ? 'três dias úteis' : 'three business days',
      );
      await expect(page.getByTestId('faq-account')).not.toHaveAttribute('open', '');
      const limits = await answer('limits');
      await expect(limits).toContainText(
        money(locale, locale === 'pt-BR' ? '50.000,00' : '50,000.00'),
      );
      await expect(await answer('fees')).toContainText(
        locale === 'pt-BR' ? '3% e 10%' : '3% and 10%',
      );
      await expect(await answer('documents')).toContainText('24');
      await expect(await answer('support')).toContainText(
        locale === 'pt-BR' ? '24 horas' : '24 hours',
      );
      await expect(await answer('age')).toContainText(
        locale === 'pt-BR' ? '18 anos' : '18 or older',
      );
      await expect(await answer('assets')).toContainText('TRC20');
      await expect(await answer('time')).toContainText(
        locale === 'pt-BR' ? 'horário de Brasília' : 'São Paulo time',
      );

      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });

    test('contact: the channels of the settings, field errors, then the message sent to support', async ({
      browser,
    }) => {
      const { page, context, errors } = await openPage(browser, locale);
      await gotoAndSettle(page, localizedPath('/contact', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        says(locale, 'pages.contact.title'),
      );

      const channels = page.getByTestId('contact-channels');
      await expect(channels.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
        'href',
        'https://wa.me/5511999990000',
      );
      await expect(channels.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT}`,
      );
      await expect(
        channels.getByRole('link', { name: new RegExp(says(locale, 'contact.channels.phone')) }),
      ).toHaveAttribute('href', 'tel:+5511999990000');
      for (const [name, href] of [
        ['Instagram', 'https://www.instagram.com/permuta.example'],
        ['Telegram', 'https://t.me/permuta_example'],
        ['YouTube', 'https://www.youtube.com/@permuta-example'],
      ] as const) {
        const link = channels.getByRole('link', { name: new RegExp(name) });
        await expect(link).toHaveAttribute('href', href);
        await expect(link).toHaveAttribute('target', '_blank');
      }

      const name = page.getByRole('textbox', {
        name: fieldName(says(locale, 'contact.form.name')),
      });
      const email = page.getByRole('textbox', {
        name: fieldName(says(locale, 'contact.form.email')),
      });
      const message = page.getByRole('textbox', {
        name: fieldName(says(locale, 'contact.form.message')),
      });
      const submit = page.getByRole('button', { name: says(locale, 'contact.form.submit') });

      await submit.click();
      await expect(page.getByText(fieldMessage('message.required', locale))).toBeVisible();
      await expect(page.getByText(fieldMessage('name.min', locale))).toBeVisible();
      await expect(page.getByText(fieldMessage('email.required', locale))).toBeVisible();

      const sender = `Visitante ${randomBytes(3).toString('hex')}`;
      await name.fill(sender);
      await email.fill('visitor@');
      await message.fill(`Do you exchange USDT on TRC20 for PIX? (${locale})`);
      await submit.click();
      await expect(page.getByText(fieldMessage('email.invalid', locale))).toBeVisible();
      await expect(page.getByText(fieldMessage('message.required', locale))).toHaveCount(0);

      await email.fill('visitor@example.com');
      await submit.click();
      await expect(page.getByTestId('contact-sent')).toContainText(CONTACT_SENT_MESSAGE[locale]);
      await expect(message).toHaveValue('');

      const mail = await waitForMailAbout(SUPPORT, `Página de contato: mensagem de ${sender}`);
      expect(mail.text).toContain(`Do you exchange USDT on TRC20 for PIX? (${locale})`);
      expect(mail.text).toContain('visitor@example.com');

      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });

    test('contact: says contact is temporarily unavailable when no channel is configured', async ({
      browser,
    }) => {
      const { page, context, errors } = await openPage(browser, locale);
      await page.route('**/api/v1/settings', async (route) => {
        const response = await route.fetch();
        const settings = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: {
            ...settings,
            supportEmail: null,
            supportPhone: null,
            whatsappUrl: null,
            instagramUrl: null,
            telegramUrl: null,
            youtubeUrl: null,
          },
        });
      });
      await gotoAndSettle(page, localizedPath('/contact', locale));
      await expect(page.getByTestId('contact-unavailable')).toContainText(
        locale === 'pt-BR'
          ? 'Contato temporariamente indisponível'
          : 'Contact temporarily unavailable',
      );
      await expect(page.getByTestId('contact-channels')).toHaveCount(0);
      // the form still takes a message
      await expect(
        page.getByRole('button', { name: says(locale, 'contact.form.submit') }),
      ).toBeVisible();
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });

    test('business: the offer for companies and the way to talk to the team', async ({
      page,
      allowStatus,
    }) => {
      allowStatus(-1);
      await gotoAndSettle(page, localizedPath('/business', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        says(locale, 'pages.business.title'),
      );
      await expect(page.getByRole('main')).toContainText('CNPJ');
      await expect(page.getByRole('main')).toContainText(
        locale === 'pt-BR' ? '3% a 10%' : '3% to 10%',
      );
      await expect(page.getByRole('heading', { name: says(locale, 'business.cta') })).toBeVisible();
      await page.getByTestId('business-contact').click();
      await expect(page).toHaveURL(localizedPath('/contact', locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        says(locale, 'pages.contact.title'),
      );
    });

    const POLICIES = [
      {
        path: '/pld',
        id: 'pld',
        facts: {
          'pt-BR': ['Lei 9.613/1998', 'COAF', 'pessoa politicamente exposta', 'cinco anos'],
          'en-US': ['Law 9,613/1998', 'COAF', 'politically exposed', 'five years'],
        },
      },
      {
        path: '/privacy-policy',
        id: 'privacyPolicy',
        facts: {
          'pt-BR': [
            'Lei 13.709/2018',
            'base legal',
            'cinco anos',
            'artigo 18',
            'locale',
            'color-mode',
          ],
          'en-US': [
            'Law 13,709/2018',
            'legal basis',
            'five years',
            'article 18',
            'locale',
            'color-mode',
          ],
        },
      },
      {
        path: '/terms-of-service',
        id: 'termsOfService',
        facts: {
          'pt-BR': [
            '18 anos ou mais',
            'responsável legal',
            'entre 3% e 10%',
            'PIX: instantâneo',
            'três dias úteis',
            'R$ 3,50',
            'reembolso',
          ],
          'en-US': [
            '18 or older',
            'legal guardian',
            'between 3% and 10%',
            'PIX: instant',
            'three business days',
            'R$3.50',
            'refund',
          ],
        },
      },
    ] as const;

    for (const policy of POLICIES) {
      test(`${localizedPath(policy.path, locale)}: the policy with its date, contents and contacts`, async ({
        page,
        allowStatus,
      }) => {
        allowStatus(-1);
        await gotoAndSettle(page, localizedPath(policy.path, locale));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          says(locale, `pages.${policy.id}.title`),
        );
        await expect(page.getByTestId('legal-updated')).toContainText('2026');
        const contents = page.getByRole('navigation', { name: says(locale, 'legal.contents') });
        const links = contents.getByRole('link');
        // the contents appear once the page has hydrated
        await expect.poll(() => links.count()).toBeGreaterThanOrEqual(5);
        const first = links.first();
        const target = (await first.getAttribute('href')) ?? '';
        await first.click();
        await expect(page.locator(target)).toBeInViewport();
        const main = page.getByRole('main');
        for (const fact of policy.facts[locale]) await expect(main, fact).toContainText(fact);
        await expect(page.getByTestId('legal-email')).toHaveAttribute('href', `mailto:${SUPPORT}`);
      });
    }
  });
}
