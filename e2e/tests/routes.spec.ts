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
          await expect(page.locator('meta[name="description"]')).toHaveAttribute(
            'content',
            description.replaceAll('{{brand}}', BRAND),
          );
          await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
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
