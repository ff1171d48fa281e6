/**
 * Whether the name Deriv gives for a customer's account (the `client_to_full_name` of a
 * payment-agent transfer's dry run) is the customer's KYC name: a Deriv payout goes only to an
 * account in the name of the person whose documents we approved (decision 042).
 *
 * The comparison forgives what the two systems write differently and nothing else: accents and
 * other combining marks ("José" = "Jose"), case, and spaces (leading, trailing, repeated, or any
 * kind of Unicode space). Any other difference (a missing surname, an initial, another letter)
 * is a mismatch: the payout stops for a person to look.
 */

/** The name as compared: no combining marks, lower case, single spaces, trimmed. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-US')
    .replace(/[\s\u200b]+/gu, ' ')
    .trim();
}

/** Whether Deriv's name of the account is the customer's KYC name (see the module comment). */
export function derivNameMatches(kycName: string, derivName: string): boolean {
  const ours = comparableName(kycName);
  return ours !== '' && ours === comparableName(derivName);
}
