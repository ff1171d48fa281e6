/** API URLs of the wallets feature (spread into apiPaths in ../paths.ts). */
export const walletPaths = {
  myWallets: () => '/api/v1/me/wallets',
  myWallet: (id: string) => `/api/v1/me/wallets/${encodeURIComponent(id)}`,
  banks: () => '/api/v1/banks',
} as const;
