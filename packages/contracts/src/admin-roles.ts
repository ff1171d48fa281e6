/**
 * The back office's roles (decision 024). Each includes the ones before it: an operator works
 * orders, customers, documents, reviews and the contact inbox; finance also treasury, prices,
 * fees and payout approvals; the owner everything, admins, settings and integrations included.
 * Every admin route and every admin screen names the least role that may use it.
 */
export const ADMIN_ROLES = ['operator', 'finance', 'owner'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Whether an admin of `role` may use something that needs `required`. */
export function adminRoleAllows(role: AdminRole, required: AdminRole): boolean {
  return ADMIN_ROLES.indexOf(role) >= ADMIN_ROLES.indexOf(required);
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}
