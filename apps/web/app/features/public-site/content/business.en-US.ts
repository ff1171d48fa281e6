import type { LegalContent } from './types.ts';

const business: LegalContent = ({ brand, schedule }) => ({
  updated: '2026-11-24',
  summary: `${brand} serves companies that move money between crypto, Deriv balances and Brazilian reais: trading desks, payment agents, online sellers, exporters of services paid in stablecoins and agencies that pay freelancers abroad. You get the same clear pricing as our individual customers, with a team that knows your volumes.`,
  sections: [
    {
      id: 'offer',
      heading: 'What we offer',
      blocks: [
        {
          list: [
            'Quotes agreed in advance for recurring volumes, within our fee range of 3% to 10%, and the rate locked for 15 minutes on every order.',
            'Settlement in reais by PIX or bank transfer (TED), instant and at no extra cost, to the company account in the name of the CNPJ.',
            'Payouts in USDT on TRC20, BEP20 or ERC20, in BTC or ETH, and transfers to Deriv accounts as a payment agent.',
            'A dedicated contact on WhatsApp and e-mail during business hours, and priority review of your orders.',
            'The full history of every order, with receipts and transaction hashes, for your accounting.',
          ],
        },
      ],
    },
    {
      id: 'who',
      heading: 'Who it is for',
      blocks: [
        `Companies registered in Brazil with an active CNPJ, and their legal representatives. We do not serve businesses whose activity we cannot verify, nor operations on behalf of undisclosed third parties.`,
      ],
    },
    {
      id: 'onboarding',
      heading: 'How onboarding works',
      blocks: [
        {
          list: [
            'Tell us about the company, its activity and the monthly volumes you expect.',
            'Send the articles of association (contrato social) or bylaws, the CNPJ registration card and the identity documents and a selfie of each legal representative.',
            'We review the documents within 24 hours on weekdays, and may ask about the origin of funds for larger volumes, as our anti-money laundering policy requires.',
            'Once approved, the representatives exchange from the company account, and payouts go only to wallets and bank accounts held by the company.',
          ],
        },
      ],
    },
    {
      id: 'hours',
      heading: 'Hours and times',
      blocks: [
        `We process orders ${schedule}. PIX and bank transfers settle instantly; boletos clear in up to three business days and carry an extra fee. Crypto payouts depend on the confirmations of each network.`,
      ],
    },
  ],
});

export default business;
