import type { ContactTopic } from '@voltforge/contract/contact-rules';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, quote, renderMail, rows, shopLink } from './mail-layout.ts';

const teams: Record<ContactTopic, { name: string; replyWithin: string }> = {
  support: { name: 'support team', replyWithin: 'within one day' },
  design: { name: 'design team', replyWithin: 'within two working days' },
};

export interface ContactMailData {
  topic: ContactTopic;
  name: string;
  email: string;
  message: string;
}

/** To the person who wrote: we have it, and when to expect an answer. */
export function contactAckMail(opts: {
  publicUrl: string;
  contact: ContactMailData;
}): RenderedMail {
  const { contact } = opts;
  const team = teams[contact.topic];
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `We have your message: Voltforge ${team.name}`,
    heading: 'Thanks for writing to us',
    blocks: [
      paragraph(`Hello ${contact.name},`),
      paragraph(
        `Our ${team.name} has your message and will reply to this address ${team.replyWithin}. You wrote:`,
      ),
      quote(contact.message),
      note('You receive this mail because this address was entered on the Voltforge contact form.'),
    ],
  });
}

/** To every admin: a new message waits in the Inbox. */
export function contactNoticeMail(opts: {
  publicUrl: string;
  contact: ContactMailData;
}): RenderedMail {
  const { contact } = opts;
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `New ${contact.topic} message from ${contact.name}`,
    heading: 'A new contact message',
    blocks: [
      rows([
        ['Topic', contact.topic],
        ['From', contact.name],
        ['Email', contact.email],
      ]),
      quote(contact.message),
      button('Open the Inbox', shopLink(opts.publicUrl, mailLinkPaths.inbox)),
    ],
  });
}
