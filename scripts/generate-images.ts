// Generates the demo catalogue's product images and review avatars as SVG files, then renders
// them and the home page's banner (hand-drawn SVG in images/banner/) to the WebP files the shop
// serves, and the shop's icon (favicon.svg) to the PNG its pages link. All of them ship with the
// project (nothing is fetched at run time).
// Run: node --import tsx scripts/generate-images.ts (needs Debian's Chromium, as the e2e suite).
//
// Why pictures and not the SVGs: the browser lays out each SVG picture as a document of its own on
// the page's main thread (parse, style, layout, text), as a real shop's product photos never
// are; a WebP is decoded off it (docs/performance.md, "Signed-in pages and pictures").
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { seedTools, type SeedTool } from '../apps/server/src/seed/seed-data/catalogue.ts';
import { chromiumArgs, fullChromium } from '../e2e/chromium.ts';

const out = new URL('../apps/web/public/images/', import.meta.url);

const palette: Record<string, [string, string]> = {
  'Measurement & Test': ['#0f4c81', '#1f7ab8'],
  'Soldering & Rework': ['#7a2e0e', '#c2571a'],
  'Power Supplies': ['#1d4d3a', '#2f8f63'],
  'Power Tools': ['#4a1d5c', '#8a3fa8'],
  'Hand Tools': ['#333f4f', '#5b6b80'],
  Components: ['#0d3b3e', '#168a8f'],
};

const glyphs: Record<SeedTool['icon'], string> = {
  meter: `<rect x="300" y="120" width="200" height="320" rx="28" fill="#ffd23f"/><rect x="330" y="160" width="140" height="80" rx="8" fill="#1b2a38"/><text x="400" y="215" font-size="38" text-anchor="middle" fill="#7CFC9A" font-family="monospace">12.48</text><circle cx="400" cy="330" r="55" fill="#1b2a38"/><line x1="400" y1="330" x2="430" y2="295" stroke="#ffd23f" stroke-width="8" stroke-linecap="round"/><circle cx="350" cy="415" r="10" fill="#c0392b"/><circle cx="450" cy="415" r="10" fill="#1b2a38"/>`,
  tester: `<path d="M360 220 a90 90 0 1 1 80 0" fill="none" stroke="#ffd23f" stroke-width="34"/><rect x="340" y="222" width="120" height="300" rx="24" fill="#ffd23f"/><rect x="362" y="262" width="76" height="50" rx="6" fill="#1b2a38"/>`,
  scope: `<rect x="200" y="140" width="400" height="280" rx="22" fill="#dfe6ee"/><rect x="225" y="165" width="260" height="200" rx="8" fill="#10202e"/><path d="M235 265 q30 -80 60 0 t60 0 t60 0 t60 0" stroke="#7CFC9A" stroke-width="5" fill="none"/><circle cx="540" cy="200" r="18" fill="#5b6b80"/><circle cx="540" cy="260" r="18" fill="#5b6b80"/><circle cx="540" cy="320" r="18" fill="#5b6b80"/>`,
  iron: `<rect x="180" y="270" width="260" height="56" rx="28" fill="#2b2b2b"/><rect x="430" y="282" width="130" height="32" rx="10" fill="#c7ccd1"/><polygon points="560,286 640,298 560,310" fill="#9aa3ab"/><path d="M180 298 q-60 0 -80 60" stroke="#2b2b2b" stroke-width="14" fill="none"/>`,
  station: `<rect x="210" y="250" width="260" height="170" rx="18" fill="#dfe6ee"/><rect x="235" y="280" width="130" height="60" rx="6" fill="#10202e"/><text x="300" y="324" font-size="36" text-anchor="middle" fill="#ff8c42" font-family="monospace">350°</text><circle cx="420" cy="310" r="26" fill="#5b6b80"/><path d="M470 330 q80 -10 110 -120" stroke="#2b2b2b" stroke-width="12" fill="none"/><rect x="560" y="140" width="40" height="90" rx="12" fill="#2b2b2b" transform="rotate(20 580 185)"/>`,
  psu: `<rect x="190" y="160" width="420" height="260" rx="20" fill="#dfe6ee"/><rect x="220" y="195" width="170" height="70" rx="6" fill="#10202e"/><text x="305" y="245" font-size="40" text-anchor="middle" fill="#7CFC9A" font-family="monospace">24.0V</text><circle cx="470" cy="230" r="32" fill="#5b6b80"/><circle cx="550" cy="230" r="32" fill="#5b6b80"/><circle cx="260" cy="360" r="18" fill="#c0392b"/><circle cx="330" cy="360" r="18" fill="#1b2a38"/>`,
  drill: `<rect x="230" y="170" width="300" height="110" rx="40" fill="#ffd23f"/><rect x="530" y="200" width="70" height="50" rx="10" fill="#5b6b80"/><rect x="600" y="215" width="80" height="20" fill="#9aa3ab"/><path d="M330 280 l-30 150 h110 l20 -150 z" fill="#2b2b2b"/><rect x="270" y="420" width="170" height="50" rx="12" fill="#1b2a38"/>`,
  driver: `<rect x="200" y="270" width="220" height="60" rx="30" fill="#c0392b"/><rect x="260" y="270" width="40" height="60" fill="#ffd23f"/><rect x="420" y="287" width="220" height="26" rx="6" fill="#9aa3ab"/><polygon points="640,287 680,300 640,313" fill="#9aa3ab"/>`,
  pliers: `<path d="M400 300 L250 420" stroke="#c0392b" stroke-width="40" stroke-linecap="round"/><path d="M400 300 L330 450" stroke="#ffd23f" stroke-width="40" stroke-linecap="round"/><path d="M400 300 L520 150" stroke="#9aa3ab" stroke-width="34" stroke-linecap="round"/><path d="M400 300 L560 190" stroke="#9aa3ab" stroke-width="34" stroke-linecap="round"/><circle cx="400" cy="300" r="20" fill="#5b6b80"/>`,
  chip: `<rect x="280" y="180" width="240" height="240" rx="16" fill="#1b2a38"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${300 + i * 36}" y="150" width="16" height="30" fill="#c7ccd1"/><rect x="${300 + i * 36}" y="420" width="16" height="30" fill="#c7ccd1"/><rect x="250" y="${200 + i * 36}" width="30" height="16" fill="#c7ccd1"/><rect x="520" y="${200 + i * 36}" width="30" height="16" fill="#c7ccd1"/>`).join('')}<circle cx="315" cy="215" r="10" fill="#5b6b80"/>`,
  relay: `<rect x="180" y="200" width="440" height="200" rx="14" fill="#1d6b45"/>${Array.from({ length: 4 }, (_, i) => `<rect x="${205 + i * 104}" y="230" width="84" height="100" rx="8" fill="#2b6cb0"/><circle cx="${247 + i * 104}" cy="365" r="10" fill="#ff4d4d"/>`).join('')}`,
  cable: `<path d="M200 420 C 300 100, 500 500, 600 180" stroke="#c0392b" stroke-width="22" fill="none" stroke-linecap="round"/><path d="M220 450 C 320 150, 520 540, 620 220" stroke="#1b2a38" stroke-width="22" fill="none" stroke-linecap="round"/><rect x="590" y="140" width="26" height="70" rx="6" fill="#9aa3ab" transform="rotate(30 603 175)"/>`,
};

function toolSvg(t: SeedTool): string {
  const [from, to] = palette[t.category] ?? ['#333', '#666'];
  const model = t.name.split(' ')[0] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${t.name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<g opacity="0.12" stroke="#fff" stroke-width="2" fill="none"><path d="M0 520 H180 V460 H330"/><path d="M800 80 H640 V140 H500"/><circle cx="330" cy="460" r="8"/><circle cx="500" cy="140" r="8"/></g>
${glyphs[t.icon]}
<text x="40" y="560" font-size="34" font-weight="700" fill="#ffffff" font-family="DejaVu Sans, Arial, sans-serif">${model}</text>
<text x="760" y="560" font-size="22" text-anchor="end" fill="#ffffffcc" font-family="DejaVu Sans, Arial, sans-serif">VOLTFORGE</text>
</svg>
`;
}

function avatarSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="80" fill="${color}"/><text x="80" y="98" font-size="56" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700">${initials}</text></svg>
`;
}

mkdirSync(new URL('tools/', out), { recursive: true });
mkdirSync(new URL('avatars/', out), { recursive: true });
for (const t of seedTools) writeFileSync(new URL(`tools/${t.slug}.svg`, out), toolSvg(t));
const avatars: [string, string, string][] = [
  ['amara', 'AO', '#c2571a'],
  ['lukas', 'LB', '#1f7ab8'],
  ['diego', 'DF', '#2f8f63'],
  ['tomasz', 'TN', '#8a3fa8'],
];
for (const [file, initials, color] of avatars) {
  writeFileSync(new URL(`avatars/${file}.svg`, out), avatarSvg(initials, color));
}
console.warn(`wrote ${seedTools.length} tool images and ${avatars.length} avatars as SVG`);

/** Each picture as WebP, at its own size and, for the banner, at half of it for phones. */
const renders: { dir: string; widths: (w: number) => number[] }[] = [
  { dir: 'tools', widths: (w) => [w] },
  { dir: 'avatars', widths: (w) => [w] },
  { dir: 'banner', widths: (w) => [w, w / 2] },
];
const ICON_PX = 48;
const browser = await chromium.launch({ executablePath: fullChromium, args: chromiumArgs });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  // What the drawing leaves uncovered (an avatar's corners) stays transparent.
  await cdp.send('Emulation.setDefaultBackgroundColorOverride', {
    color: { r: 0, g: 0, b: 0, a: 0 },
  });
  /** An SVG drawn at `width` × `height` px, captured as `format`. */
  const capture = async (
    svg: string,
    width: number,
    height: number,
    format: { format: 'webp'; quality: number } | { format: 'png' },
  ) => {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<style>html,body{margin:0}svg{display:block;width:${width}px;height:${height}px}</style>${svg}`,
    );
    const { data } = await cdp.send('Page.captureScreenshot', {
      ...format,
      clip: { x: 0, y: 0, width, height, scale: 1 },
    });
    return Buffer.from(data, 'base64');
  };
  let count = 0;
  for (const { dir, widths } of renders) {
    for (const file of readdirSync(new URL(`${dir}/`, out)).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(new URL(`${dir}/${file}`, out), 'utf8');
      const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
      const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
      if (!width || !height) throw new Error(`${dir}/${file}: no width and height on its <svg>`);
      for (const w of widths(width)) {
        const h = Math.round((height * w) / width);
        const picture = await capture(svg, w, h, { format: 'webp', quality: 82 });
        const name = file.replace(/\.svg$/, w === width ? '.webp' : `-${w}.webp`);
        writeFileSync(new URL(`${dir}/${name}`, out), picture);
        count++;
      }
    }
  }
  console.warn(`rendered ${count} WebP pictures`);

  // The icon too: an SVG icon is a document the page's main thread parses and lays out as it
  // arrives, after the first paint (a task as long as the first layout, measured on a slowed
  // phone); a PNG is only decoded, off it. 48 px: a tab's 16 px at 3×, and what search engines ask.
  const icon = readFileSync(new URL('../favicon.svg', out), 'utf8');
  const png = await capture(icon, ICON_PX, ICON_PX, { format: 'png' });
  writeFileSync(new URL('../favicon.png', out), png);
  console.warn(`rendered the icon as a ${ICON_PX} px PNG`);
} finally {
  await browser.close();
}
