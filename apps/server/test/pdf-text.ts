import { spawnSync } from 'node:child_process';

/**
 * The text of a PDF as a reader would select and copy it, by poppler's pdftotext (Debian's
 * poppler-utils; .ci/run installs it). Proves the PDF's text is real text, not a picture of it.
 */
export function pdfText(pdf: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.error) throw new Error(`pdftotext is not installed: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
}

export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Each page of a PDF with its words and where they are (points from the top left), by poppler's
 * `pdftotext -bbox`: what a reader sees where, to check that nothing is drawn over something
 * else or off the page.
 */
export function pdfPages(pdf: Buffer): Array<{ width: number; height: number; words: PdfWord[] }> {
  const run = spawnSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.error) throw new Error(`pdftotext is not installed: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout
    .split('<page ')
    .slice(1)
    .map((page) => ({
      width: Number(/width="([\d.]+)"/.exec(page)?.[1]),
      height: Number(/height="([\d.]+)"/.exec(page)?.[1]),
      words: [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map(([, xMin, yMin, xMax, yMax, text]) => ({
        text: text!.replace(/&(\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity),
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      })),
    }));
}
