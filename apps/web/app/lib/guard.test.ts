import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard.ts';
import type { Session } from './session.ts';

const customer: Session = {
  role: 'customer',
  email: 'c@x.test',
  createdAt: new Date().toISOString(),
};
const admin: Session = { role: 'admin', email: 'a@x.test', createdAt: new Date().toISOString() };
const url = (path: string) => new URL(path, 'https://permuta.test');

describe('guards', () => {
  it('sends a guest on a customer page to the sign-in of the same language', () => {
    expect(guardRedirect('customer', url('/profile/account'), null)).toBe(
      '/login?redirectTo=%2Fprofile%2Faccount',
    );
    expect(guardRedirect('customer', url('/en-US/profile/my-orders/EX-1?tab=2'), null)).toBe(
      '/en-US/login?redirectTo=%2Fen-US%2Fprofile%2Fmy-orders%2FEX-1%3Ftab%3D2',
    );
  });

  it('sends guests and customers on a back-office page to the admin sign-in', () => {
    expect(guardRedirect('admin', url('/admin/orders'), null)).toBe(
      '/admin/login?redirectTo=%2Fadmin%2Forders',
    );
    expect(guardRedirect('admin', url('/en-US/admin'), customer)).toBe(
      '/en-US/admin/login?redirectTo=%2Fen-US%2Fadmin',
    );
  });

  it('lets the right role in', () => {
    expect(guardRedirect('customer', url('/profile/account'), customer)).toBeNull();
    expect(guardRedirect('admin', url('/admin/manager-customers/7'), admin)).toBeNull();
    expect(guardRedirect('customer', url('/profile/account'), admin)).toBe(
      '/login?redirectTo=%2Fprofile%2Faccount',
    );
  });
});
