/** Risk limits of automatic payouts (decision 043) raised out of the way of other tests. */
export const RISK_LIMITS_LIFTED = {
  autoPayoutMaxOrderBrl: '100000000',
  autoPayoutMaxCustomerDayBrl: '100000000',
  payoutSecondApprovalAboveBrl: '100000000',
  payoutFirstOrdersHeld: 0,
  payoutNewWalletHoldHours: 0,
} as const;
