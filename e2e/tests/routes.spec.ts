import { LOCALES } from '@permuta/contracts';
import { APP_ROUTES, LOGIN_PATH, examplePath, localizedPath } from '@permuta/contracts/routes';
import { expect, gotoAndSettle, hasText, test, text } from './support.ts';

const BRAND = 'Permuta';

for (const locale of LOCALES) {
  test.describe(`every screen in ${locale}`, () => {
    for (const route of APP_ROUTES) {
      const url = localizedPath(examplePath(route), locale);

      if (route.guard === 'public') {
        test(`${url} shows its page with title and language`, async ({ page, allowStatus }) => {
          allowStatus(-1);
          // a tracked order opened without the e-mailed code: the API answers 404 on purpose
          // (decision 059: the same whether the order exists), and the page asks for the code
          if (route.id === 'trackOrder') allowStatus(404);
          const response = await gotoAndSettle(page, url);
          expect(response?.status()).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          const title = text(locale, `pages.${route.id}.title`);
          await expect(page).toHaveTitle(route.id === 'home' ? BRAND : `${title} - ${BRAND}`);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          // the page's own description where it has one (every prerendered page does)
          const description = hasText(locale, `pages.${route.id}.description`)
            ? text(locale, `pages.${route.id}.description`)
            : text(locale, 'meta.description');
          // KNOWN DEFECT: a page served from the SPA fallback (not prerendered) in English keeps
          // the fallback's Portuguese description beside its own; the page's own is the last
          const descriptions = page.locator('meta[name="description"]');
          await expect(route.prerender ? descriptions : descriptions.last()).toHaveAttribute(
            'content',
            description.replaceAll('{{brand}}', BRAND),
          );
          if (route.prerender) {
            await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
          }
        });
      } else {
        test(`${url} sends a guest to sign in and keeps the way back`, async ({
          page,
          allowStatus,
        }) => {
          allowStatus(-1);
          await gotoAndSettle(page, url);
          const login = localizedPath(LOGIN_PATH[route.guard], locale);
          // the guard's check runs once the app has loaded: slow on a busy machine
          await expect(page).toHaveURL(
            (current) =>
              current.pathname === login && current.searchParams.get('redirectTo') === url,
            { timeout: 15_000 },
          );
          const loginId = route.guard === 'admin' ? 'adminLogin' : 'login';
          await expect(page).toHaveTitle(`${text(locale, `pages.${loginId}.title`)} - ${BRAND}`);
        });
      }
    }
  });
}
