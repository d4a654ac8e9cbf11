/**
 * Emoji in what documents print (names, companies, addresses): the invoices' font has no emoji,
 * so they are refused where they are typed, with a message, rather than printed as empty boxes.
 * No zod, so a page can check without the schemas.
 */

// Characters shown as emoji by default, any character made one by U+FE0F or a keycap, flags,
// skin tones and the pictographs' planes.
const EMOJI =
  /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\u20E3|\p{Regional_Indicator}|[\u{1F000}-\u{1FAFF}]/u;

export function hasEmoji(text: string): boolean {
  return EMOJI.test(text);
}

/** "Address cannot contain emoji: invoices cannot print them." */
export const noEmojiMessage = (field: string) =>
  `${field} cannot contain emoji: invoices cannot print them.`;
