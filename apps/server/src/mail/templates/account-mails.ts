import { mailLinkPaths, PASSWORD_RESET_TOKEN_HOURS } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, shopLink } from './mail-layout.ts';

const hoursText = (hours: number) => (hours === 1 ? 'one hour' : `${hours} hours`);

export function passwordResetMail(opts: {
  publicUrl: string;
  name: string;
  token: string;
}): RenderedMail {
  const link = shopLink(opts.publicUrl, mailLinkPaths.resetPassword, { token: opts.token });
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: 'Reset your Voltforge password',
    heading: 'Reset your password',
    blocks: [
      paragraph(`Hello ${opts.name},`),
      paragraph(
        'Someone (we hope you) asked to reset the password of your Voltforge account. Choose a new password here:',
      ),
      button('Choose a new password', link),
      note(
        `The link works once and expires in ${hoursText(PASSWORD_RESET_TOKEN_HOURS)}. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this mail: your password stays as it is.`,
      ),
    ],
  });
}

/**
 * The link is better-auth's verification endpoint (GET /api/auth/verify-email), which marks the
 * address verified and then opens the shop's result page.
 */
export function verifyEmailMail(opts: {
  publicUrl: string;
  name: string;
  token: string;
}): RenderedMail {
  const link = shopLink(opts.publicUrl, '/api/auth/verify-email', {
    token: opts.token,
    callbackURL: mailLinkPaths.verifyEmailResult,
  });
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: 'Confirm your email address for Voltforge',
    heading: 'Confirm your email address',
    blocks: [
      paragraph(`Hello ${opts.name},`),
      paragraph(
        'Thanks for registering at Voltforge. Please confirm that this address is yours, so we can reach you about your orders and your account:',
      ),
      button('Confirm my email address', link),
      note(
        'The link expires in one hour; you can ask for a new one from My Profile. If you did not register, ignore this mail.',
      ),
    ],
  });
}
