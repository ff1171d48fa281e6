/** App paths (unprefixed; LocalLink adds the language) of the back-office order screens. */
export const adminOrderPath = (reference: string) =>
  `/admin/orders/${encodeURIComponent(reference)}`;

export const adminCustomerPath = (id: string) =>
  `/admin/manager-customers/${encodeURIComponent(id)}`;
