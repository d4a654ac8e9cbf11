/**
 * The contact form's rules and words: no zod, so the contact pages do not download the schemas
 * (those are in content.ts).
 */

export const contactTopics = ['support', 'design'] as const;

export type ContactTopic = (typeof contactTopics)[number];

export const MAX_CONTACT_MESSAGE_LENGTH = 2000;

export const MIN_CONTACT_MESSAGE_LENGTH = 10;

export const contactMessages = {
  topic: `Choose one of: ${contactTopics.join(', ')}`,
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${MIN_CONTACT_MESSAGE_LENGTH} characters`,
  messageTooLong: `Message must be at most ${MAX_CONTACT_MESSAGE_LENGTH} characters`,
  sent: {
    support: 'Thanks! Our support team has your message and will reply by email within one day.',
    design:
      'Thanks! Our design team has your project brief and will reply by email within two working days.',
  },
} as const;
