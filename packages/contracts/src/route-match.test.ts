import { describe, expect, it } from 'vitest';
import { isAppPath } from './route-match.ts';

describe('app paths', () => {
  it('knows every screen in both locales, with parameters', () => {
    for (const path of [
      '/',
      '/en-US',
      '/contact',
      '/en-US/contact',
      '/admin/orders/EX-1',
      '/en-US/profile/my-orders/x',
    ]) {
      expect(isAppPath(path)).toBe(true);
    }
  });

  it('does not know other paths', () => {
    for (const path of ['/nope', '/en-US/nope', '/admin/orders/1/2', '/pt-BR/contact', '/en-USx']) {
      expect(isAppPath(path)).toBe(false);
    }
  });
});
