import type { LegalContent } from './types.ts';

const pld: LegalContent = ({ brand }) => ({
  updated: '2026-11-24',
  summary: `${brand} does not let its services be used to launder money, finance terrorism or evade sanctions. This policy sets out how we identify our customers, watch their operations, report what is suspicious and keep records, following Law 9,613/1998, Law 14,478/2022 (virtual asset service providers), Law 13,810/2019 (sanctions of the United Nations Security Council) and the rules of the Central Bank of Brazil and of COAF, the Council for Financial Activities Control.`,
  sections: [
    {
      id: 'kyc',
      heading: 'Knowing our customers',
      blocks: [
        'Nobody exchanges with us anonymously. Before the first order we confirm:',
        {
          list: [
            'full name, CPF, date of birth (18 or older), e-mail address and phone number;',
            'an identity document with photo, a recent proof of address and a selfie holding the document, each checked by our team within 24 hours;',
            'that the CPF is valid and matches the documents;',
            'whether the customer is a politically exposed person, or appears on the sanctions lists of the United Nations Security Council and other lists we are bound to follow;',
            'for companies, the CNPJ, the articles of association, the legal representatives and the individuals who ultimately own or control the company.',
          ],
        },
        'Wallets, PIX keys, bank accounts and Deriv accounts that receive payouts must belong to the customer. Payments must come from accounts in the customer’s own name: a payment from somebody else is returned to where it came from.',
      ],
    },
    {
      id: 'risk',
      heading: 'A risk-based approach',
      blocks: [
        'Each customer is classified by risk, considering the profile, the declared activity, the amounts and how often they exchange. Higher-risk customers, such as politically exposed persons or customers with volumes above their profile, go through enhanced due diligence: we may ask for proof of income, of the origin of funds or of the purpose of the operations, and a manager must approve the relationship.',
      ],
    },
    {
      id: 'monitoring',
      heading: 'Monitoring operations',
      blocks: [
        'Our team reviews every order before paying it out, and we monitor, among other signs:',
        {
          list: [
            'amounts or a frequency that do not match the customer’s profile or declared income;',
            'amounts split into smaller orders to stay below limits or checks;',
            'payments from third parties, or payouts requested to accounts of other people;',
            'crypto that comes from, or is sent to, addresses linked to fraud, darknet markets, mixers or sanctioned persons;',
            'customers who refuse to give information, or give information that does not add up.',
          ],
        },
        'While we check an order we may hold it, ask for information or documents, refuse it, refund the payment to its origin or close the account. When the law or a court order requires it, we freeze the assets involved without delay.',
      ],
    },
    {
      id: 'reporting',
      heading: 'Reporting to the authorities',
      blocks: [
        'Operations that may be linked to money laundering, terrorist financing or other crimes are reported to COAF through its official system, within the time the regulations set, and we answer requests from the Central Bank, the Federal Revenue Service, the police and the courts. The law forbids us to tell the customer about a report, so we do not.',
      ],
    },
    {
      id: 'records',
      heading: 'Keeping records',
      blocks: [
        'Identification data, documents, orders, payment receipts, transaction hashes and the reviews of our team are kept for at least five years after the end of the relationship or the date of the operation, or longer when an authority asks us to, in a way that lets us reconstruct each operation.',
      ],
    },
    {
      id: 'governance',
      heading: 'Governance and training',
      blocks: [
        'A director responsible for anti-money laundering compliance oversees this policy, which is reviewed at least once a year. Everyone on our team who handles customers, documents or payments is trained when they join and every year after that.',
      ],
    },
    {
      id: 'contact',
      heading: 'Who to contact',
      blocks: [
        'Questions about this policy, or information about a suspicious operation involving our services, can be sent to our compliance team through our support channels, with “PLD” in the subject. Reports may be anonymous.',
      ],
    },
  ],
});

export default pld;
