import type { LegalContent } from './types.ts';

const terms: LegalContent = ({
  brand,
  schedule,
  pixLimits,
  derivLimits,
  boletoFee,
  whatsappThreshold,
}) => ({
  updated: '2026-11-24',
  summary: `These terms govern the use of ${brand} to exchange crypto tokens, Deriv balances and Brazilian reais. By creating an account or placing an order you accept them, together with our privacy policy and our anti-money laundering policy.`,
  sections: [
    {
      id: 'eligibility',
      heading: 'Who can use the service',
      blocks: [
        {
          list: [
            'You must be 18 or older and fully able to enter into contracts.',
            'Minors may only use the service through a parent or legal guardian, who opens the account in their own name and answers for every order.',
            'Each person may hold one account. The information and documents you send must be true and your own.',
            'Companies are served through the account of a legal representative, as described on our business page.',
          ],
        },
      ],
    },
    {
      id: 'account',
      heading: 'Your account',
      blocks: [
        'Keep your password to yourself: anything done with it is considered done by you. A session lasts at most 12 hours. We will never ask for your password, your seed phrase or your private keys. Tell us at once if you suspect someone else used your account.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documents and verification',
      blocks: [
        'Before your first exchange you confirm your e-mail address and send an identity document with photo, a proof of address and a selfie holding the document (JPG, PNG or PDF, up to 5 MB each). We review them within 24 hours on weekdays and may ask for more information, as our anti-money laundering policy requires. Orders need approved documents.',
      ],
    },
    {
      id: 'fees',
      heading: 'Quotes and fees',
      blocks: [
        'Our fee is between 3% and 10% of the amount, depending on the pair and on our available stock of the token you receive; crypto payouts also carry the network’s withdrawal fee. The calculator shows the rate, the fees and the exact amount you receive before you confirm.',
        'A quote is locked for 15 minutes. The order keeps the locked rate and fee, and must be paid within 30 minutes of its creation; an unpaid order is canceled after that.',
      ],
    },
    {
      id: 'payments',
      heading: 'Payment methods and times',
      blocks: [
        {
          list: [
            'PIX: instant, no extra cost.',
            'Bank transfer (TED): instant, no extra cost.',
            boletoFee
              ? `Boleto: up to three business days to clear, with an extra fee of ${boletoFee}.`
              : 'Boleto: up to three business days to clear, with an extra fee shown before you confirm.',
            'Crypto: credited after the confirmations the network requires, shown on the order.',
          ],
        },
        'Payments must come from an account or wallet in your own name; a payment by someone else is returned to its origin. Once you pay, confirm it on the order page with the receipt or the transaction hash.',
      ],
    },
    {
      id: 'hours',
      heading: 'Operating hours and support',
      blocks: [
        `We process orders ${schedule}. You can place an order at any time; outside these hours it is handled as soon as we open. Our support answers within 24 hours on weekdays.`,
      ],
    },
    {
      id: 'limits',
      heading: 'Limits',
      blocks: [
        pixLimits && derivLimits
          ? `Each payout has a minimum and a maximum: via PIX from ${pixLimits.min} to ${pixLimits.max} per order, via Deriv from ${derivLimits.min} to ${derivLimits.max}, and for crypto the limits of each network shown by the calculator. We never pay out more than our available stock of the token. Limits may change; those in force are the ones the calculator shows.`
          : 'Each payout has a minimum and a maximum: in reais for PIX, in US dollars for Deriv and per network for crypto, as the calculator shows. We never pay out more than our available stock of the token. Limits may change; those in force are the ones the calculator shows.',
        `For exchanges above ${whatsappThreshold}, a visitor may also finish with our team on WhatsApp without signing in. The same fees, checks and documents apply.`,
      ],
    },
    {
      id: 'payouts',
      heading: 'Payouts and amounts that differ',
      blocks: [
        'We pay out to the wallet, PIX key or Deriv account chosen in the order, which must be yours. You are responsible for the address and the network: blockchain transactions cannot be reversed, and crypto sent to a wrong address or network may be lost.',
        'If the amount we receive differs from the order, we recalculate what you receive at the locked rate and fee, within the limits; an amount below the minimum can only be refunded. After we pay, please confirm receipt on the order page; an order is completed automatically 72 hours after the payout.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Cancellations and refunds',
      blocks: [
        {
          list: [
            'You can cancel an order for free while it is unpaid.',
            'If we cannot complete a paid order (because of a limit, a failed check or a payment outside the rules), we refund it to the account or address the payment came from, in the asset you sent.',
            'Network fees of a crypto refund are deducted from the amount returned; the boleto fee is not refunded.',
            'Refunds are made within two business days of the decision, and you are told by e-mail with the receipt.',
          ],
        },
      ],
    },
    {
      id: 'prohibited',
      heading: 'What is not allowed',
      blocks: [
        'Using the service with funds of illegal origin, on behalf of undisclosed third parties, to evade sanctions or taxes, or with false documents. We may hold or refuse orders and close accounts in these cases, and report them to the authorities.',
      ],
    },
    {
      id: 'liability',
      heading: 'Our responsibility',
      blocks: [
        'We do our utmost to keep the service available and to pay out within the times above, but we are not responsible for delays caused by networks, banks, exchanges or other third parties, nor for losses caused by wrong data given by you. Nothing in these terms limits your rights under the Consumer Defense Code.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and applicable law',
      blocks: [
        'We may change these terms; the version in force is the one on this page, with its date, and orders keep the terms of the day they were placed. These terms are governed by Brazilian law, and disputes may be brought before the courts of your place of residence.',
      ],
    },
  ],
});

export default terms;
