/**
 * A page of another origin on the same host (same-site, so SameSite=Lax still sends the session
 * cookie) auto-posts a text/plain form to the API while the customer is signed in: the API
 * refuses it, and the app's own requests still go through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locale } from '@permuta/contracts';
import {
  expect,
  openPage,
  registerConfirmedCustomer,
  signInCustomer,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { test, text } from './support.ts';

/** A tiny site on another port of 127.0.0.1 whose page posts `action` as soon as it loads. */
async function foreignSite(action: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Win a prize</title>
<form method="post" enctype="text/plain" action="${action}"><input type="hidden" name="x" value="1"></form>
<script>document.forms[0].submit()</script></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

for (const locale of ['pt-BR', 'en-US'] as const satisfies Locale[]) {
  test(`a page on another port cannot sign a customer out, the app still can (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    const { page, context, errors } = await openPage(browser, locale);
    const site = await foreignSite(`${baseURL}/api/v1/auth/sign-out`);
    try {
      const customer = await registerConfirmedCustomer(page, locale);
      await signInCustomer(page, locale, customer);

      const attack = page.waitForResponse((response) =>
        response.url().endsWith('/api/v1/auth/sign-out'),
      );
      await page.goto(site.origin, { waitUntil: 'commit' });
      const refused = await attack;
      expect(refused.request().headers()['origin']).toBe(site.origin);
      expect(refused.status()).toBe(403);
      const body = (await refused.json()) as { error: { code: string } };
      expect(body.error.code).toBe('CROSS_ORIGIN_REQUEST');

      // still signed in: the account page opens, not the sign-in page
      await page.goto(url(locale, '/profile/account'));
      await expect(page).toHaveURL(
        (current) => current.pathname === url(locale, '/profile/account'),
      );
      expect((await page.request.get('/api/v1/me')).status()).toBe(200);

      // the app's own signed-in POST (its sign-out button) still goes through
      await page
        .getByRole('button', { name: text(locale, 'common.signOut') })
        .first()
        .click();
      await expect(page).toHaveURL((current) => current.pathname === url(locale, '/'));
      await expect.poll(async () => (await page.request.get('/api/v1/me')).status()).toBe(401);
      expect(unexpectedErrors(errors, [403])).toEqual([]);
    } finally {
      await context.close();
      await new Promise((resolve) => site.server.close(resolve));
    }
  });
}
