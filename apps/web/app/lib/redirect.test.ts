import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirectTo } from './redirect.ts';

describe('redirectTo after signing in', () => {
  it('honours paths of this site, with their query and hash', () => {
    expect(safeRedirect('/profile/account', '/')).toBe('/profile/account');
    expect(safeRedirect('/en-US/admin/orders?status=pending#top', '/')).toBe(
      '/en-US/admin/orders?status=pending#top',
    );
  });

  it('refuses anything that could leave the site', () => {
    const attacks = [
      'https://evil.example/',
      'http:/evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      ' /profile',
      '/profile\n/evil',
      'evil.example',
      '',
    ];
    for (const value of attacks) expect(safeRedirect(value, '/home'), value).toBe('/home');
    expect(safeRedirect(null, '/home')).toBe('/home');
    expect(safeRedirect(undefined, '/home')).toBe('/home');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRedirect('/a/../profile', '/')).toBe('/profile');
    expect(safeRedirect('/../../etc', '/')).toBe('/etc');
  });

  it('builds the sign-in URL carrying the page', () => {
    expect(withRedirectTo('/en-US/login', '/en-US/profile/account?x=1')).toBe(
      '/en-US/login?redirectTo=%2Fen-US%2Fprofile%2Faccount%3Fx%3D1',
    );
  });
});
