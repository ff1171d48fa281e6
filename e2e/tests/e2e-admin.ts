/** The admin created before the e2e server starts (see e2e/start-server.ts). */
export const E2E_ADMIN = { username: 'e2e_admin', password: 'E2e!Admin-Pass1' } as const;
