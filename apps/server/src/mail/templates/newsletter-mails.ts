import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, shopLink } from './mail-layout.ts';

/** Double opt-in: the address counts only once its owner follows the first link. */
export function newsletterConfirmMail(opts: { publicUrl: string; token: string }): RenderedMail {
  const confirm = shopLink(opts.publicUrl, mailLinkPaths.newsletterConfirm, { token: opts.token });
  const unsubscribe = shopLink(opts.publicUrl, mailLinkPaths.unsubscribe, { token: opts.token });
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: 'Confirm your Voltforge newsletter subscription',
    heading: 'One click to subscribe',
    blocks: [
      paragraph(
        'This address was entered to receive the Voltforge newsletter: new tools and offers, about once a month. Please confirm that you want it:',
      ),
      button('Yes, subscribe me', confirm),
      note('If you did not ask for this, ignore this mail and you will get nothing more from us.'),
      note(`To remove this address from the list at any time: ${unsubscribe}`),
    ],
  });
}
