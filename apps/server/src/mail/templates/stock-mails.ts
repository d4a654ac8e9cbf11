import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, rows, shopLink } from './mail-layout.ts';

/** A tool that has just reached its low-stock threshold. */
export interface LowStockMailTool {
  name: string;
  partNumber: string;
  inStock: number;
  lowStockThreshold: number;
}

/** To every admin: these tools have just run low; one mail per fall, not per order. */
export function lowStockMail(opts: { publicUrl: string; tools: LowStockMailTool[] }): RenderedMail {
  const { tools } = opts;
  const [first] = tools;
  const subject =
    tools.length === 1 && first
      ? `Low stock: ${first.name} (${first.partNumber}), ${first.inStock} left`
      : `Low stock: ${tools.length} tools`;
  return renderMail({
    publicUrl: opts.publicUrl,
    subject,
    heading: tools.length === 1 ? 'A tool is running low' : 'Tools are running low',
    blocks: [
      paragraph(
        tools.length === 1
          ? 'This tool has reached its low-stock threshold:'
          : 'These tools have reached their low-stock thresholds:',
      ),
      ...tools.map((t) =>
        rows([
          ['Tool', t.name],
          ['Part number', t.partNumber],
          ['In stock', String(t.inStock)],
          ['Low at', String(t.lowStockThreshold)],
        ]),
      ),
      button(
        'See low stock in Manage Products',
        shopLink(opts.publicUrl, mailLinkPaths.manageTools, { lowStock: '1' }),
      ),
      note('You will not be told again about these tools until they are restocked above it.'),
    ],
  });
}
