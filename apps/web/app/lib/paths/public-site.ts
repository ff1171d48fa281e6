/** URLs of the public site feature. */
export const publicSitePaths = {
  contactMessage: () => '/api/v1/contact',
} as const;
