/**
 * The look of a screen cannot depend on how it was reached: its buttons and the back office's
 * sidebar have the same computed styles after a full load, a warm reload and an in-app
 * navigation from a page that loaded other chunks (whose stylesheets are then already in the
 * document, in another order).
 */
import type { Locator, Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  openPage,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import {
  adminApi,
  completedOrder,
  pendingOrder,
  registerVerifiedCustomer,
} from './exchange-support.ts';
import { test, text } from './support.ts';

/** This machine can be very busy: a lazy screen may take long to arrive. */
const SCREEN_TIMEOUT = 30_000;

/** What the function below reads of the page (this project's types have no DOM). */
interface StyledElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}
interface StyleWindow {
  getComputedStyle(element: StyledElement): {
    backgroundColor: string;
    padding: string;
    borderRadius: string;
    height: string;
  };
}

/**
 * Computed background, padding, radius and height of the elements, grouped by what should make
 * them look alike (a button's variant, size and state): `{ 'filled sm': ['rgb(...) | 0px 18px |
 * 8px | 36px'] }`. Grouping rather than listing keeps rows added meanwhile by other tests out of
 * the comparison.
 */
async function looks(elements: Locator): Promise<Record<string, string[]>> {
  return elements.evaluateAll((found) => {
    const view = globalThis as unknown as StyleWindow;
    const groups: Record<string, string[]> = {};
    for (const element of found as unknown as StyledElement[]) {
      const style = view.getComputedStyle(element);
      const key = [
        element.getAttribute('data-variant') ?? 'link',
        element.getAttribute('data-size') ?? '',
        element.hasAttribute('data-disabled') || element.hasAttribute('disabled') ? 'disabled' : '',
        element.getAttribute('aria-current') === 'page' ? 'current' : '',
      ]
        .filter(Boolean)
        .join(' ');
      const value = [style.backgroundColor, style.padding, style.borderRadius, style.height].join(
        ' | ',
      );
      const group = (groups[key] ??= []);
      if (!group.includes(value)) group.push(value);
    }
    for (const group of Object.values(groups)) group.sort();
    return groups;
  });
}

interface Look {
  buttons: Record<string, string[]>;
  sidebar?: Record<string, string[]>;
  sidebarLinks?: Record<string, string[]>;
}

/** The screen's look as it is now: its visible buttons, and the sidebar's when given. */
async function lookNow(page: Page, sidebar?: Locator): Promise<Look> {
  const look: Look = {
    buttons: await looks(page.locator('.mantine-Button-root').filter({ visible: true })),
  };
  if (sidebar) {
    look.sidebar = await looks(sidebar);
    look.sidebarLinks = await looks(sidebar.locator('.mantine-NavLink-root'));
  }
  return look;
}

/**
 * Waits for the screen (its `ready` element, shown with its data) and every stylesheet, then
 * for a look that holds still (the same on two reads), and answers it.
 */
async function settledLook(page: Page, ready: Locator, sidebar?: Locator): Promise<Look> {
  await expect(ready).toBeVisible({ timeout: SCREEN_TIMEOUT });
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) =>
          (links as unknown as { sheet: unknown }[]).every((link) => link.sheet !== null),
        ),
    )
    .toBe(true);
  let previous = '';
  let look: Look = { buttons: {} };
  await expect
    .poll(async () => {
      look = await lookNow(page, sidebar);
      const same = JSON.stringify(look) === previous;
      previous = JSON.stringify(look);
      return same;
    })
    .toBe(true);
  return look;
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** What a styled screen shows whatever the comparison says: no button drawn as bare text. */
function expectStyled(look: Look, what: string) {
  expect(Object.keys(look.buttons).length, `${what}: buttons`).toBeGreaterThan(0);
  for (const [key, values] of Object.entries(look.buttons)) {
    for (const value of values) {
      const [background, padding, radius, height] = value.split(' | ');
      // Mantine's Button: 0 var(--button-padding-x), a radius and a height of its size
      expect(padding, `${what}: padding of a ${key} button`).not.toBe('0px');
      expect(radius, `${what}: radius of a ${key} button`).not.toBe('0px');
      expect(parseFloat(height ?? '0'), `${what}: height of a ${key} button`).toBeGreaterThan(24);
      // filled, light and default buttons (and disabled ones) have a background of their own
      if (/^(filled|light|default)\b|disabled/.test(key))
        expect(background, `${what}: background of a ${key} button`).not.toBe(TRANSPARENT);
    }
  }
  for (const [key, values] of Object.entries(look.sidebarLinks ?? {})) {
    for (const value of values)
      expect(value.split(' | ')[1], `${what}: padding of a sidebar ${key}`).not.toBe('0px');
  }
  if (look.sidebar) {
    for (const value of Object.values(look.sidebar).flat())
      expect(value.split(' | ')[1], `${what}: padding of the sidebar`).not.toBe('0px');
  }
}

interface Screen {
  name: string;
  path: string;
  /** a button the screen shows once its data is there */
  ready: (page: Page) => Locator;
  /** from a page with other chunks, the clicks that open the screen */
  reach: (page: Page) => Promise<void>;
}

/**
 * Opens the screen three ways (a full load, a warm reload, and an in-app navigation that starts
 * with a full load of `from`) and expects one look, a styled one.
 */
async function expectOneLook(page: Page, screen: Screen, from: string, sidebar?: Locator) {
  const target = (current: URL) => current.pathname === screen.path;
  await page.goto(screen.path);
  const load = await settledLook(page, screen.ready(page), sidebar);
  expectStyled(load, `${screen.name}, full load`);

  await page.reload();
  await expect(screen.ready(page)).toBeVisible({ timeout: SCREEN_TIMEOUT });
  await expect
    .poll(() => lookNow(page, sidebar), {
      message: `${screen.name}: a warm reload looks like a full load`,
    })
    .toEqual(load);

  await page.goto(from);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screen.reach(page);
  await expect(page).toHaveURL(target);
  await expect(screen.ready(page)).toBeVisible({ timeout: SCREEN_TIMEOUT });
  await expect
    .poll(() => lookNow(page, sidebar), {
      message: `${screen.name}: in-app navigation looks like a full load`,
    })
    .toEqual(load);
}

const button = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name }).or(page.getByRole('link', { name })).first();

test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`back office screens look the same after a load, a reload and in-app navigation (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const tab = await openPage(browser, locale);
    const { page } = tab;
    await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    const sidebar = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
    const viaSidebar = (title: string) => () =>
      sidebar.getByRole('link', { name: text(locale, title), exact: true }).click();
    const tokensList = url(locale, '/admin/manager-tokens');

    const screens: Screen[] = [
      {
        name: 'tokens',
        path: tokensList,
        // the table's rows: the screen with its data
        ready: (p) => p.getByTestId('token-row-USDT').getByRole('link').last(),
        reach: viaSidebar('pages.adminManagerTokens.title'),
      },
      {
        name: 'token detail',
        path: url(locale, '/admin/manager-tokens/USDT'),
        ready: (p) => button(p, text(locale, 'adminCatalogue.networks.add')),
        reach: async (p) => {
          await viaSidebar('pages.adminManagerTokens.title')();
          await p
            .getByTestId('token-row-USDT')
            .getByRole('link', { name: 'USDT', exact: true })
            .click();
        },
      },
      {
        name: 'add token',
        path: url(locale, '/admin/add-token'),
        ready: (p) => button(p, text(locale, 'adminCatalogue.add.submit')),
        reach: viaSidebar('pages.adminAddToken.title'),
      },
      {
        name: 'fees and rates',
        path: url(locale, '/admin/rate-setting'),
        ready: (p) => button(p, text(locale, 'adminCatalogue.rates.add')),
        reach: viaSidebar('pages.adminRateSetting.title'),
      },
      {
        name: 'general settings',
        path: url(locale, '/admin/general-settings'),
        ready: (p) => p.getByTestId('settings-save-bar').getByRole('button').first(),
        reach: viaSidebar('pages.adminGeneralSettings.title'),
      },
    ];
    // the dashboard loads the charts and other chunks first
    for (const screen of screens) await expectOneLook(page, screen, url(locale, '/admin'), sidebar);

    expect(unexpectedErrors(tab.errors), 'console').toEqual([]);
    await tab.context.close();
  });

  test(`the customer's order page looks the same after a load, a reload and in-app navigation (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const pending = await pendingOrder(baseURL!, customer, locale);
    const completed = await completedOrder(baseURL!, admin, customer, locale);
    const tab = await openPage(browser, locale);
    const { page } = tab;
    await signInCustomer(page, locale, customer);

    const viaMyOrders = (reference: string) => async (p: Page) => {
      await p
        .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
        .first()
        .getByRole('link', { name: text(locale, 'pages.profileMyOrders.title') })
        .click();
      await p.getByRole('link', { name: reference, exact: true }).click();
    };
    const screens: Screen[] = [
      {
        // proof upload, confirm, cancel
        name: 'pending order',
        path: url(locale, `/profile/my-orders/${pending.reference}`),
        ready: (p) => button(p, text(locale, 'orders.proof.confirm')),
        reach: viaMyOrders(pending.reference),
      },
      {
        // review, payment proof download
        name: 'completed order',
        path: url(locale, `/profile/my-orders/${completed.reference}`),
        ready: (p) => p.getByTestId('download-payment-proof'),
        reach: viaMyOrders(completed.reference),
      },
    ];
    // the account page loads the profile layout's chunks first
    for (const screen of screens)
      await expectOneLook(page, screen, url(locale, '/profile/account'));

    expect(unexpectedErrors(tab.errors), 'console').toEqual([]);
    await tab.context.close();
    await admin.dispose();
  });
}
