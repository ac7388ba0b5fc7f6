import type { LegalSection } from './legal-section';

/** Privacy Policy: age 18+, data collected, cookies, sharing, security, rights, contact (spec part 2 §2). */
export function privacySections(contact: string): LegalSection[] {
  return [
    {
      title: 'Who may use Prospector',
      paragraphs: [
        'Prospector is a business tool for adults. You must be at least 18 years old to create an account, and we do not knowingly collect information from anyone younger. If you believe a minor has given us personal information, tell us and we will delete it.',
      ],
    },
    {
      title: 'Information we collect',
      paragraphs: ['We collect only what we need to run the service:'],
      bullets: [
        'Account details: your e-mail address, name, phone number, avatar and company name, and the same details for the team members you invite.',
        'Business data you bring: the contacts, properties, companies, lists, templates, messages, comments, tasks and call records you import or create.',
        'Device details: the names, phone numbers and connection status of the phones and computers you connect to send messages.',
        'Billing details: your plan, credit balance and payment history. Card numbers are handled by our payment provider and never stored on our servers.',
        'Technical data: IP address, browser type and server logs, used to keep the service secure and working.',
      ],
    },
    {
      title: 'How we use it',
      paragraphs: [
        'We use your information to provide and improve Prospector: to log you in, deliver your messages and calls, sync your team in real time, process payments, answer support requests and protect accounts against abuse. We do not sell your personal information, and we do not use your business data for advertising.',
      ],
    },
    {
      title: 'Cookies and local storage',
      paragraphs: [
        'Prospector keeps your session in your browser’s local storage so that you stay logged in, and remembers the referral code you arrived with so that the right partner is credited. These are strictly necessary for the service. We do not use advertising cookies.',
      ],
    },
    {
      title: 'Sharing',
      paragraphs: [
        'We share information only with service providers that help us run Prospector, such as hosting, e-mail delivery, payment processing, voice calling and mapping, and only as far as each of them needs it. They must protect it and may not use it for their own purposes. We may also disclose information when the law requires it or to protect the rights and safety of our users.',
      ],
    },
    {
      title: 'Security',
      paragraphs: [
        'Our hosted service is reached only over encrypted connections. Login codes expire after 5 minutes, session tokens are stored only as hashes and can be revoked by logging out, and every record belongs to exactly one team, so other teams can never see it. No system is perfectly secure, so please keep access to your e-mail inbox protected.',
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'You may ask us at any time for a copy of your personal information, to correct it, or to delete it. Team admins can export their lists and remove members themselves. Depending on where you live you may have further rights, such as objecting to certain processing; we will honor them.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [
        `For any privacy question or request, write to ${contact}. We answer within a few business days.`,
      ],
    },
  ];
}
