import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { publicAuthorName } from '@permuta/contracts/reviews';
import { fieldMessage } from '@permuta/contracts/validation';
import {
  expect,
  fieldName,
  openPage,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import {
  adminApi,
  completedOrder,
  expectCustomerStatus,
  registerVerifiedCustomer,
} from './exchange-support.ts';
import { test, text, seriousAxeFindings } from './support.ts';

/** A catalogue text with its `{{placeholders}}` filled in. */
function fill(locale: Locale, key: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)),
    text(locale, key),
  );
}

const stars = (locale: Locale, count: number) =>
  fill(locale, count === 1 ? 'reviews.starCount_one' : 'reviews.starCount_other', { count });

/** Waits until /testimonials has shown its reviews (or that there are none). */
async function testimonialsLoaded(page: Page) {
  await expect(
    page.getByTestId('testimonials-list').or(page.getByTestId('testimonials-empty')),
  ).toBeVisible();
}

// a missing element fails the step it is looked for in, not the whole test minutes later
test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`reviews: a customer reviews a completed order, it is published until an admin hides and deletes it (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const order = await completedOrder(baseURL!, admin, customer, locale);
    const reference = order.reference;
    const customerTab = await openPage(browser, locale);
    const adminTab = await openPage(browser, locale);
    const page = customerTab.page;
    await signInCustomer(page, locale, customer);

    // --- from the completed order's page to the review form --------------------------------------
    await page.goto(url(locale, `/profile/my-orders/${reference}`));
    await expectCustomerStatus(page, locale, 'completed');
    await page.getByRole('link', { name: text(locale, 'reviews.fromOrder') }).click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/reviews'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profileReviews.title'),
    );
    const form = page.getByRole('form', { name: text(locale, 'reviews.write.formLabel') });
    await expect(
      form.getByRole('combobox', { name: fieldName(text(locale, 'reviews.write.order')) }),
    ).toHaveValue(new RegExp(`^${reference} · `));

    // nothing chosen or written yet: the rules of the API, in the page's language
    await form.getByRole('button', { name: text(locale, 'reviews.write.submit') }).click();
    await expect(form.getByText(fieldMessage('rating.required', locale))).toBeVisible();
    await expect(form.getByText(fieldMessage('reviewText.required', locale))).toBeVisible();
    expect(await seriousAxeFindings(page), 'review form with errors').toEqual([]);

    // the stars by keyboard: a radio group, the arrow keys move the choice
    const group = form.getByRole('group', { name: text(locale, 'reviews.rating') });
    await group.getByRole('radio', { name: stars(locale, 1) }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: stars(locale, 4) })).toBeChecked();
    await expect(group.getByText(text(locale, 'reviews.ratingName.4'))).toBeVisible();
    await expect(form.getByText(fieldMessage('rating.required', locale))).toHaveCount(0);

    const mark = randomBytes(3).toString('hex');
    const review =
      locale === 'en-US'
        ? `Quick PIX payout and clear steps, thank you (${mark}).`
        : `Pagamento PIX rápido e passos claros, obrigado (${mark}).`;
    const textbox = form.getByRole('textbox', {
      name: fieldName(text(locale, 'reviews.write.text')),
    });
    await textbox.fill(`  ${review}  `);
    await expect(form.getByTestId('text-counter')).toHaveText(
      fill(locale, 'reviews.write.counter', { count: review.length, max: 1000, min: 10 }),
    );
    expect(await seriousAxeFindings(page), 'review form filled in').toEqual([]);
    await form.getByRole('button', { name: text(locale, 'reviews.write.submit') }).click();
    await expect(page.getByText(text(locale, 'reviews.write.done'))).toBeVisible();

    // --- my reviews ------------------------------------------------------------------------------
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/my-reviews'));
    const mine = page.getByTestId(`my-review-${reference}`);
    await expect(mine).toContainText(review);
    await expect(mine).toContainText(fill(locale, 'reviews.mine.order', { reference }));
    await expect(mine.getByTestId('review-visibility')).toHaveText(
      text(locale, 'reviews.mine.visible'),
    );
    await expect(
      mine.getByRole('img', { name: fill(locale, 'reviews.outOfFive', { rating: 4 }) }),
    ).toBeVisible();
    expect(await seriousAxeFindings(page), 'my reviews').toEqual([]);

    // the order cannot be reviewed twice: it left the form's list
    await page.goto(url(locale, `/profile/reviews?order=${order.id}`));
    await expect(
      page.getByTestId('order-unavailable').or(page.getByTestId('no-reviewable-orders')),
    ).toBeVisible();

    // --- the testimonials page: published with the first name and the last name's initial ------
    await page.goto(url(locale, '/testimonials'));
    await testimonialsLoaded(page);
    const published = page
      .getByTestId('testimonials-list')
      .getByRole('listitem')
      .filter({ hasText: review });
    await expect(published).toHaveCount(1);
    await expect(published).toContainText(publicAuthorName(customer.name));
    await expect(published).not.toContainText(customer.email);
    await expect(page.getByTestId('review-average')).toBeVisible();
    await expect(page.getByTestId('distribution-4')).toHaveText(/^[1-9]\d* \(\d+\s?%\)$/);
    expect(await seriousAxeFindings(page), 'testimonials').toEqual([]);

    // --- the admin finds it and hides it -------------------------------------------------------
    const desk = adminTab.page;
    await signInAdmin(desk, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    await desk
      .getByRole('navigation')
      .getByRole('link', { name: text(locale, 'pages.adminManagerReviews.title') })
      .first()
      .click();
    await expect(desk).toHaveURL((u) => u.pathname === url(locale, '/admin/manager-reviews'));
    await desk
      .getByRole('searchbox', { name: text(locale, 'reviews.admin.search') })
      .fill(reference);
    const row = desk.getByTestId(`review-row-${reference}`);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText(review);
    await expect(desk.getByTestId('admin-reviews-table').getByRole('row')).toHaveCount(2);
    expect(await seriousAxeFindings(desk), 'admin reviews').toEqual([]);
    const toggle = row.getByRole('switch', {
      name: fill(locale, 'reviews.admin.visibleToggle', { name: customer.name }),
    });
    await expect(toggle).toBeChecked();
    // by keyboard: the switch is a native checkbox under Mantine's track
    await toggle.focus();
    await desk.keyboard.press('Space');
    await expect(
      desk.getByText(fill(locale, 'reviews.admin.hidden', { name: customer.name })),
    ).toBeVisible();
    await expect(row).toHaveAttribute('data-visible', 'false');
    await expect(toggle).not.toBeChecked();

    // gone from the public page at once; the customer sees it hidden
    await page.goto(url(locale, '/testimonials'));
    await testimonialsLoaded(page);
    await expect(page.getByText(review)).toHaveCount(0);
    await page.goto(url(locale, '/profile/my-reviews'));
    await expect(
      page.getByTestId(`my-review-${reference}`).getByTestId('review-visibility'),
    ).toHaveText(text(locale, 'reviews.mine.hidden'));

    // --- and deletes it, after the confirmation ------------------------------------------------
    await row
      .getByRole('button', {
        name: fill(locale, 'reviews.admin.deleteLabel', { name: customer.name }),
      })
      .click();
    const dialog = desk.getByRole('dialog', { name: text(locale, 'reviews.admin.deleteTitle') });
    await expect(dialog).toContainText(reference);
    expect(await seriousAxeFindings(desk), 'delete confirmation').toEqual([]);
    await dialog.getByRole('button', { name: text(locale, 'reviews.admin.deleteAction') }).click();
    await expect(
      desk.getByText(fill(locale, 'reviews.admin.deleted', { name: customer.name })),
    ).toBeVisible();
    await expect(desk.getByTestId('admin-reviews-empty')).toHaveText(
      text(locale, 'reviews.admin.noMatch'),
    );

    expect(unexpectedErrors(customerTab.errors), 'customer console').toEqual([]);
    expect(unexpectedErrors(adminTab.errors), 'admin console').toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
    await admin.dispose();
  });
}
