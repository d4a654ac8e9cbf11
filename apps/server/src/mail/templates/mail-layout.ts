import type { RenderedMail } from '../outbox.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Everything a customer typed (names, messages, addresses) goes through this before HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A link to a shop page; the base is PUBLIC_URL, never anything a request carried. */
export function shopLink(publicUrl: string, path: string, query: Record<string, string> = {}) {
  const url = new URL(path, `${publicUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** One block of a mail, written once and rendered both as HTML and as plain text. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'rows'; rows: [label: string, value: string][] }
  | { kind: 'quote'; text: string }
  | { kind: 'note'; text: string };

export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
export const button = (label: string, href: string): MailBlock => ({ kind: 'button', label, href });
export const rows = (list: [string, string][]): MailBlock => ({ kind: 'rows', rows: list });
export const quote = (text: string): MailBlock => ({ kind: 'quote', text });
export const note = (text: string): MailBlock => ({ kind: 'note', text });

const BRAND = '#1d4ed8';
const INK = '#1f2937';
const MUTED = '#6b7280';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:8px">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED}">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(block.href)}" style="color:${BRAND};word-break:break-all">${escapeHtml(block.href)}</a></p>`;
    case 'rows':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:${INK}">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e5e7eb;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;text-align:right;word-break:break-word">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #cbd5e1;background:#f8fafc;color:${INK};font-size:15px;line-height:22px;white-space:pre-wrap;word-break:break-word">${escapeHtml(block.text)}</blockquote>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED}">${escapeHtml(block.text)}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.href}`;
    case 'rows':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

/**
 * The shop's mail: a branded header, the blocks and a footer, as HTML (inline styles, no remote
 * images, so nothing is fetched when it is opened) and as plain text with the same words.
 */
export function renderMail(opts: {
  publicUrl: string;
  subject: string;
  heading: string;
  blocks: MailBlock[];
}): RenderedMail {
  const { publicUrl, subject, heading, blocks } = opts;
  const home = shopLink(publicUrl, '/');
  const footer = 'Voltforge: electronic and electrical tools and components.';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:18px 24px"><a href="${escapeHtml(home)}" style="color:#ffffff;text-decoration:none;font-size:22px;font-weight:700;letter-spacing:0.5px">&#9889; Voltforge</a></td></tr>
<tr><td style="padding:28px 24px 12px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:${INK}">${escapeHtml(heading)}</h1>
${blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:${MUTED}">${escapeHtml(footer)}<br><a href="${escapeHtml(home)}" style="color:${MUTED}">${escapeHtml(home)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = `VOLTFORGE\n\n${heading}\n\n${blocks.map(blockText).join('\n\n')}\n\n--\n${footer}\n${home}\n`;
  return { subject, html, text };
}
