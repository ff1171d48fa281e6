import type { LegalContent } from './types.ts';

const privacy: LegalContent = ({ brand, supportEmail }) => {
  const write = supportEmail
    ? `write to ${supportEmail}`
    : 'write to us through the channels on our contact page';
  return {
    updated: '2026-11-29',
    summary: `This policy explains which personal data ${brand} collects, why, on which legal bases of the General Data Protection Law (LGPD, Law 13,709/2018), with whom it is shared, how long it is kept and how you can exercise your rights. ${brand} is the controller of this data.`,
    sections: [
      {
        id: 'data',
        heading: 'What we collect',
        blocks: [
          {
            list: [
              'Identification: name, username, e-mail address, phone, CPF and date of birth, which you give when you register.',
              'Verification documents: an identity document, a proof of address and a selfie holding the document. The selfie is biometric data, a sensitive category under the LGPD.',
              'Exchange data: your wallets (crypto addresses, PIX keys with the bank and holder, Deriv account numbers), your orders, the receipts and transaction hashes you send, and the payments we make to you.',
              'Technical data: the IP address and the time of sign-ins, orders and messages, and the session that keeps you signed in.',
              'Messages: what you write to us through the contact form or our other channels.',
            ],
          },
          'We do not collect data from your contacts, your location or the apps on your device, and we do not buy data about you from anyone.',
        ],
      },
      {
        id: 'purposes',
        heading: 'Why we use it, and on which legal basis',
        blocks: [
          {
            list: [
              'To open and run your account and carry out your exchanges: performance of a contract (LGPD article 7, V).',
              'To verify your identity, prevent money laundering, report to the authorities and keep the records the law requires: compliance with a legal or regulatory obligation (article 7, II; for the selfie, article 11, II, a).',
              'To prevent fraud and protect your account in identification processes: legitimate interest and, for the selfie, article 11, II, g.',
              'To answer your messages and tell you about your orders by e-mail: performance of a contract and legitimate interest.',
              'To defend our rights in administrative or court proceedings: regular exercise of rights (article 7, VI).',
            ],
          },
          'We do not send marketing without your consent, and we do not make decisions about you based only on automated processing.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who we share it with',
        blocks: [
          'We never sell your data. We share only what each of these needs:',
          {
            list: [
              'banks and payment institutions that process PIX, transfers and boletos;',
              'the exchange through which we send crypto payouts, which receives the destination address and the amount;',
              'our providers of hosting, e-mail delivery and document storage, bound by contract to confidentiality and security;',
              'the authorities, such as COAF, the Central Bank, the Federal Revenue Service, the police and the courts, when the law or a court order requires it.',
            ],
          },
          'Some providers may process data outside Brazil. When they do, we require the safeguards of article 33 of the LGPD.',
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep it',
        blocks: [
          {
            list: [
              'Identification data, documents, orders and receipts: while your account is open and for five years after it is closed or after the last operation, as the anti-money laundering law requires.',
              'Records of access (IP address and time): six months, as the Brazilian Civil Rights Framework for the Internet requires, or longer if a court orders it.',
              'Messages sent through the contact form by people without an account: two years.',
              'Sessions: 12 hours at most; password reset codes: 15 minutes; e-mail confirmation links: 24 hours.',
            ],
          },
          'When a period ends, the data is deleted or anonymized.',
        ],
      },
      {
        id: 'security',
        heading: 'How we protect it',
        blocks: [
          'Connections are encrypted, passwords are stored only as argon2id hashes, documents are kept out of any public address and are seen only by you and by our verification team, and every access to the back office needs a personal account that can require two-factor authentication. Every admin action is recorded in an audit log.',
        ],
      },
      {
        id: 'cookies',
        heading: 'Cookies and what stays in your browser',
        blocks: [
          'We use no advertising or analytics cookies and no third-party trackers. Besides the session cookie that exists only while you are signed in (up to 12 hours), we keep just two preferences:',
          {
            list: [
              'your language, in the cookie “locale”, for 365 days;',
              'your light or dark colour mode, in your browser’s local storage as “color-mode”, never sent to us.',
            ],
          },
          'The tutorial video on the home page loads from YouTube, in privacy-enhanced mode, only if you press play.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        blocks: [
          'Under article 18 of the LGPD you may ask us at any time to:',
          {
            list: [
              'confirm whether we process your data, and access it;',
              'correct incomplete, inaccurate or outdated data;',
              'anonymize, block or delete data that is unnecessary, excessive or processed unlawfully;',
              'port your data to another provider;',
              'tell you with whom we shared your data;',
              'delete data processed on the basis of consent, and withdraw that consent;',
              'review decisions made only by automated processing.',
            ],
          },
          'Data we must keep by law (see “How long we keep it”) is kept until the period ends even if you ask for deletion. You may also complain to the National Data Protection Authority (ANPD).',
        ],
      },
      {
        id: 'self-service',
        heading: 'Your data and your account, by yourself',
        blocks: [
          'Signed in, the page “Privacy and my data” of your account (Profile > Privacy and my data) lets you, at any time and without asking anyone:',
          {
            list: [
              'download all your data in one machine-readable file (JSON): your profile, the versions of these terms and this policy you accepted and when, your sessions and devices, wallets, orders with their history, documents (with a link to each file), reviews, the messages you sent us with your e-mail address and the records of what was done on your account;',
              'delete your account: after you type your password again, your name, username, e-mail, phone, date of birth, password, sessions, wallets and contact messages are erased, your reviews show no name, and you can no longer sign in. Your e-mail address and your CPF may open a new account.',
            ],
          },
          'Deletion waits until you have no open order. Orders, payments and the ledger, your verification documents, your CPF and the audit records are kept, tied to the anonymized account, for five years after the relationship ends (Law 9,613/1998, article 10, and the rules of COAF and of the Federal Revenue Service on crypto-assets); the page shows this before you confirm, and the file you download says it too. When that period ends they are deleted.',
          'When we publish a new version of the terms of service or of this policy, we ask you to read and accept it the next time you use your account; every acceptance is recorded with its time, IP address and browser.',
        ],
      },
      {
        id: 'requests',
        heading: 'How to ask, and our data protection officer',
        blocks: [
          `Our data protection officer (encarregado) answers every request about personal data. To make one, ${write} from the e-mail address of your account, with “LGPD” in the subject. We may ask you to confirm your identity before answering, and we answer within 15 days.`,
        ],
      },
      {
        id: 'minors',
        heading: 'Minors',
        blocks: [
          `${brand} is for people aged 18 or over. We do not knowingly collect data of minors; a minor can only exchange through a legal guardian, whose data is the data we process.`,
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          'When we change this policy we update the date at the top, and we tell account holders by e-mail about any change in what we collect or why.',
        ],
      },
    ],
  };
};

export default privacy;
