import { formatCount } from './format-number.ts';

/*
 * Pictures an admin uploads for a tool (docs/architecture.md, "Uploaded pictures"): what is
 * accepted, the sizes they are served at and their addresses. Zod-free, so the pages that show a
 * tool's picture can read an address without loading zod.
 */

/** The largest file accepted. */
export const MAX_TOOL_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels a picture may have (a 48-megapixel phone photo fits): a small file can declare
 * a huge picture (a "decompression bomb"), so the size is checked before any pixel is decoded.
 */
export const MAX_TOOL_IMAGE_PIXELS = 50_000_000;

/** The kinds of picture accepted, as the file's first bytes show them. */
export const toolImageKinds = ['png', 'jpeg', 'webp', 'gif'] as const;
export type ToolImageKind = (typeof toolImageKinds)[number];

export const toolImageKindNames: Record<ToolImageKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  gif: 'GIF',
};

/** The file types the upload field offers (the server reads the bytes, whatever the type says). */
export const TOOL_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The widths each uploaded picture is served at, each fitting a 4:3 box of that width (never
 * enlarged): 800 for the catalogue's cards (up to 400 CSS px wide, on screens of two device
 * pixels per CSS pixel; the demo pictures' size), 480 for the tool page's picture (384 × 288 CSS
 * px from `sm` up; the browser picks 800 on a sharper screen), 128 for the 64 × 48 thumbnails of
 * the back office and the cart.
 */
export const toolImageWidths = [800, 480, 128] as const;
export type ToolImageWidth = (typeof toolImageWidths)[number];
/** The size a tool's `img` names: the largest, which the cards show. */
export const TOOL_IMAGE_MAIN_WIDTH: ToolImageWidth = 800;
/** The height of the box a width fits in. */
export const toolImageBoxHeight = (width: ToolImageWidth) => (width * 3) / 4;

export const TOOL_IMAGE_PATH = '/api/tool-image/';

/** The address of an uploaded picture at one width; `hash` is the SHA-256 of the uploaded file. */
export function toolImageUrl(hash: string, width: ToolImageWidth): string {
  return `${TOOL_IMAGE_PATH}${hash}-${width}.webp`;
}

const FILE = /^([0-9a-f]{64})-(800|480|128)\.webp$/;

/** The picture a file name of `/api/tool-image/` names; null when it names none. */
export function toolImageFile(file: string): { hash: string; width: ToolImageWidth } | null {
  const found = FILE.exec(file);
  if (!found?.[1] || !found[2]) return null;
  return { hash: found[1], width: Number(found[2]) as ToolImageWidth };
}

/** The uploaded picture a tool's `img` names (only its main size is a tool's `img`); else null. */
export function uploadedToolImage(img: string): { hash: string } | null {
  if (!img.startsWith(TOOL_IMAGE_PATH)) return null;
  const file = toolImageFile(img.slice(TOOL_IMAGE_PATH.length));
  return file?.width === TOOL_IMAGE_MAIN_WIDTH ? { hash: file.hash } : null;
}

/** A tool's picture at `width`: an uploaded one's smaller size, any other address as it is. */
export function toolImageAt(img: string, width: ToolImageWidth): string {
  const uploaded = uploadedToolImage(img);
  return uploaded ? toolImageUrl(uploaded.hash, width) : img;
}

/** The `srcset` of an uploaded picture (every size, by width); undefined for any other address. */
export function toolImageSrcSet(img: string): string | undefined {
  const uploaded = uploadedToolImage(img);
  if (!uploaded) return undefined;
  return toolImageWidths.map((w) => `${toolImageUrl(uploaded.hash, w)} ${w}w`).join(', ');
}

const accepted = 'Upload a PNG, JPEG, WebP or GIF picture';

export const toolImageMessages = {
  uploadLabel: 'Upload a photo',
  empty: 'The file is empty: choose a picture to upload.',
  tooLarge: `The picture must be at most ${MAX_TOOL_IMAGE_BYTES / 1024 / 1024} MB. Save it smaller and upload it again.`,
  svg: `SVG drawings are not accepted: an SVG file can carry script that would run in the shop's pages. ${accepted} instead.`,
  notAPicture: `This file is not a picture the shop can use. ${accepted}.`,
  /** The file's type (from its name) and its bytes disagree. */
  typeMismatch: (declared: ToolImageKind, actual: ToolImageKind) =>
    `The file says it is a ${toolImageKindNames[declared]} picture but holds a ${toolImageKindNames[actual]} picture. Save it again as a ${toolImageKindNames[actual]} file (its right name) and upload that.`,
  tooManyPixels: (width: number, height: number) =>
    `The picture is ${formatCount(width)} × ${formatCount(height)} pixels; the shop takes at most ${MAX_TOOL_IMAGE_PIXELS / 1_000_000} megapixels (8,000 × 6,000, say). Make it smaller and upload it again.`,
  unreadable:
    'The picture could not be read: the file may be damaged or cut short. Save it again and upload it.',
  notFound: 'No picture has that address.',
  /** A tool's `img` names an uploaded picture this shop does not have. */
  notUploaded:
    'No picture uploaded to this shop has that address. Upload the picture again, or give a web address.',
  uploadHint: `PNG, JPEG, WebP or GIF, at most ${MAX_TOOL_IMAGE_BYTES / 1024 / 1024} MB. The shop keeps its own copy, at the sizes its pages show.`,
  uploading: (name: string) => `Uploading ${name}…`,
  uploaded: (name: string) => `${name} uploaded: its address is the Photo URL.`,
} as const;
