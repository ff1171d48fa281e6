import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, adminRoleAllows } from './admin-roles.ts';
import { APP_ROUTES } from './routes.ts';

describe('admin roles', () => {
  it('lets each role do what the roles before it do, and no more', () => {
    expect(adminRoleAllows('owner', 'operator')).toBe(true);
    expect(adminRoleAllows('owner', 'finance')).toBe(true);
    expect(adminRoleAllows('finance', 'operator')).toBe(true);
    expect(adminRoleAllows('finance', 'owner')).toBe(false);
    expect(adminRoleAllows('operator', 'finance')).toBe(false);
    expect(adminRoleAllows('operator', 'owner')).toBe(false);
    for (const role of ADMIN_ROLES) expect(adminRoleAllows(role, role)).toBe(true);
  });

  it('gives every back-office page the least role that may open it, and no other page one', () => {
    for (const route of APP_ROUTES) {
      const adminRole = 'adminRole' in route ? route.adminRole : undefined;
      if (route.guard === 'admin') expect(ADMIN_ROLES, route.id).toContain(adminRole);
      else expect(adminRole, route.id).toBeUndefined();
    }
  });
});
