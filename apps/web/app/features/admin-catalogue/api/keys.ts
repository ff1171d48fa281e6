/** Query keys of the back office's catalogue; invalidating `all` refreshes every screen of it. */
export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  tokens: () => ['admin', 'catalogue', 'tokens'] as const,
  token: (code: string) => ['admin', 'catalogue', 'token', code] as const,
  prices: (code: string, page: number) => ['admin', 'catalogue', 'prices', code, page] as const,
  feeRules: () => ['admin', 'catalogue', 'fee-rules'] as const,
};
