import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

let dist: string;
const script = `export const parts = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `VF-${i}`))};\n`;
const sheet = `.btn{color:red}\n`.repeat(200);

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'precompress-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, 'ssr'));
  await writeFile(join(dist, 'boot.js'), script);
  await writeFile(join(dist, 'assets', 'page-abc.js'), script);
  await writeFile(join(dist, 'assets', 'index-abc.css'), sheet);
  await writeFile(join(dist, 'assets', 'tiny-abc.js'), 'x');
  await writeFile(join(dist, 'assets', 'picture.webp'), Buffer.from([0x52, 0x49, 0x46, 0x46]));
  await writeFile(join(dist, 'ssr', 'entry-server.js'), script);
  await precompressDirectory(dist, ['ssr']);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it.each([
    ['boot.js', script],
    ['assets/page-abc.js', script],
    ['assets/index-abc.css', sheet],
  ])('writes %s as .br and .gz that decompress to the file', async (file, content) => {
    const br = await readFile(join(dist, `${file}.br`));
    const gz = await readFile(join(dist, `${file}.gz`));
    expect(brotliDecompressSync(br).toString()).toBe(content);
    expect(gunzipSync(gz).toString()).toBe(content);
    expect(br.length).toBeLessThan(content.length);
  });

  it('leaves pictures, the server renderer and files compression would not shrink alone', () => {
    for (const file of ['assets/picture.webp', 'ssr/entry-server.js', 'assets/tiny-abc.js']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });
});
