import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

type Catalogue = Record<string, Record<string, unknown>>;
const locales = path.resolve(import.meta.dirname, '../../apps/web/app/locales');

/** The web app's own catalogues, so the tests read the texts a user reads in each language. */
export const TEXT: Record<'pt-BR' | 'en-US', Catalogue> = {
  'pt-BR': JSON.parse(readFileSync(path.join(locales, 'pt-BR.json'), 'utf8')) as Catalogue,
  'en-US': JSON.parse(readFileSync(path.join(locales, 'en-US.json'), 'utf8')) as Catalogue,
};

export function text(locale: 'pt-BR' | 'en-US', key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => {
    return typeof node === 'object' && node !== null
      ? (node as Record<string, unknown>)[part]
      : undefined;
  }, TEXT[locale]);
  if (typeof value !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return value;
}

/**
 * Fails a test on any uncaught error or console error in the page, except a failed load that
 * the test itself expects (an HTTP status the app answers on purpose, e.g. a 422 quote).
 */
export const test = base.extend<{ consoleErrors: string[]; allowStatus: (status: number) => void }>(
  {
    consoleErrors: async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await use(errors);
    },
    allowStatus: async ({ consoleErrors }, use) => {
      const allowed = new Set<number>();
      await use((status) => allowed.add(status));
      const unexpected = consoleErrors.filter((line) => {
        const status = /status of (\d{3})/.exec(line)?.[1];
        return !(status && allowed.has(Number(status)));
      });
      expect(unexpected, 'console errors').toEqual([]);
    },
  },
);

export function hasText(locale: 'pt-BR' | 'en-US', key: string): boolean {
  try {
    text(locale, key);
    return true;
  } catch {
    return false;
  }
}

export async function gotoAndSettle(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForLoadState('networkidle');
  return response;
}

/** What seriousAxeFindings reads of the page's document (this project's types have no DOM). */
interface AnimatedDocument {
  getAnimations(): {
    playState: string;
    effect: { getComputedTiming(): { iterations?: number } } | null;
  }[];
}

/**
 * Serious or critical axe findings on the page once its finite animations have ended: a dialog
 * or a toast fading out reads as text of too little contrast (endless ones, such as a loader's
 * spin, are not waited for).
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // a function, not a string: the page policy refuses to evaluate strings
  await page
    .waitForFunction(
      () =>
        (globalThis as unknown as { document: AnimatedDocument }).document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined); // still running after 5 s: scan the page as it is
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A laptop and a phone: the two widths every screen is looked at in. */
export const BOTH_WIDTHS = [
  [1366, 900],
  [390, 844],
] as const;

/**
 * Screenshots for a person to look at when SHOTS_DIR is set (not a check). Without `sizes`, the
 * page as it is, as `<name>.png`; with them, `<name>-<width>.png` at each size once the layout
 * has settled (the admin sidebar animates when it collapses), then back to the size it had.
 */
export async function saveShots(
  page: Page,
  name: string,
  sizes?: readonly (readonly [number, number])[],
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (!sizes) {
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    return;
  }
  const before = page.viewportSize();
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
