import type { LegalSection } from './legal-section';

/** Terms and Conditions: the 15 sections of spec part 2 §2, with the facts of part 2 §9. */
export function termsSections(contact: string): LegalSection[] {
  return [
    {
      title: 'Registration',
      paragraphs: [
        'To use Prospector you must register an account with a valid e-mail address, and you must be at least 18 years old. By registering you confirm that the information you give us is accurate and that you will keep it up to date.',
        'You are responsible for everything that happens under your account, including the actions of the team members you invite. Keep access to your e-mail inbox secure: the one-time login codes we send there are the keys to your account.',
      ],
    },
    {
      title: 'Non-Exclusive Software License',
      paragraphs: [
        'While your subscription is active and paid, we grant you a limited, non-exclusive, non-transferable and revocable license to use Prospector for your own business.',
        'Only you and the sub-users you add to your team may use the software, and each sub-user must agree to these Terms before using it. You may not resell, sublicense, rent or lend access to anyone else, and you may not copy, modify or reverse engineer the software.',
      ],
    },
    {
      title: 'Limited Account',
      paragraphs: [
        'Your plan determines how many users, messages and calls your account includes. We may introduce or change a limit on the number of sub-users per account in the future; if we do, we will tell you before the change applies to you.',
        'Some features are paid for through in-app purchases or prepaid credits, for example data lookups and skip tracing. Credits are used up as you use those features.',
      ],
    },
    {
      title: 'Record Retention',
      paragraphs: [
        'Prospector is a working tool, not an archive. We are under no obligation to keep your records, messages, call logs or imported data, and we may delete them after your account is cancelled or closed.',
        'If you need records for legal, tax or business reasons, export them and keep your own copies.',
      ],
    },
    {
      title: 'Refund Policy',
      paragraphs: [
        'Monthly subscriptions are paid in advance and renew automatically every month until you cancel. Monthly payments are non-refundable; we refund a monthly charge only when it was made by mistake.',
        'If you cancel a yearly subscription early, we refund the unused remainder of the year. Any discount you received for paying yearly no longer applies, so the months already used are charged at the regular monthly price.',
        'Data lookups are not refundable once the data has been pulled. Only successful lookups are charged.',
        'When you cancel, the phone numbers connected to your account are removed, and texts can no longer be sent or received through them.',
      ],
    },
    {
      title: 'Compliance with Law',
      paragraphs: [
        'You alone are responsible for how you contact people with Prospector. You must comply with every law that applies to your outreach, including do-not-call rules, laws on text messaging and telemarketing, consent requirements, and the laws on recording telephone calls in every place where you or the people you call are located.',
        'We may suspend an account that we reasonably believe is being used unlawfully or to send unsolicited messages.',
      ],
    },
    {
      title: 'Opt-Outs',
      paragraphs: [
        'You must honor every opt-out request promptly, whatever words are used to make it. Once someone asks not to be contacted, do not text or call them again and mark their number as do-not-contact in your lists.',
      ],
    },
    {
      title: 'No Legal/Financial/Tax Advice',
      paragraphs: [
        'Nothing in Prospector, in our support conversations or in our materials is legal, financial or tax advice. Consult a qualified professional before relying on any information for such decisions, in particular about the rules that govern your outreach.',
      ],
    },
    {
      title: 'Limitation of Liability',
      paragraphs: [
        'To the fullest extent the law allows, we are not liable for indirect, incidental, special or consequential damages, nor for lost profits, revenue or data.',
        'Our total liability for any claim arising from these Terms or from your use of Prospector is limited to the amount you paid us in the month before the event that caused the claim.',
      ],
    },
    {
      title: 'Warranties',
      paragraphs: [
        'Prospector is provided "as is" and "as available". We work hard to keep it reliable, but we do not warrant that it will be uninterrupted or error-free, that every message will be delivered, or that data from lookups will be complete or accurate.',
      ],
    },
    {
      title: 'Indemnification',
      paragraphs: [
        'You agree to defend and indemnify Prospector and its staff against any claims, fines, losses and costs, including reasonable legal fees, that arise from your use of the software, your messages and calls, or your breach of these Terms or of the law.',
      ],
    },
    {
      title: 'Intellectual Property',
      paragraphs: [
        'The software, its design and its content belong to Prospector and its licensors. These Terms give you no ownership of them. The data you import and the messages you write remain yours.',
      ],
    },
    {
      title: 'Technical Support',
      paragraphs: [
        'We offer support from Monday to Saturday during business hours, through the in-app chat and by e-mail. New teams get free onboarding help and training calls.',
      ],
    },
    {
      title: 'Non-payment',
      paragraphs: [
        'If a payment fails, we may charge any other payment method you have on file. If the amount remains unpaid, your license is suspended until the balance is settled, and features that depend on payment stop working.',
      ],
    },
    {
      title: 'Contact Us',
      paragraphs: [`Questions about these Terms? Write to us at ${contact} and we will get back to you.`],
    },
  ];
}
