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
