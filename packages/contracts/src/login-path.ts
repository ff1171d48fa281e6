/**
 * Where a guest (or a signed-in user of the wrong role) is sent to sign in. Its own module, so
 * that the page shell (which checks sessions on every page) does not carry the route list.
 */
export const LOGIN_PATH = {
  customer: '/login',
  admin: '/admin/login',
} as const satisfies Record<'customer' | 'admin', string>;
