import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import {
  MAX_TOOL_IMAGE_PIXELS,
  toolImageBoxHeight,
  toolImageMessages as messages,
  toolImageWidths,
  type ToolImageKind,
  type ToolImageWidth,
} from '@voltforge/contract/tool-image-rules';
import { badRequest } from '../../http-error.ts';

/*
 * libvips opens whatever it recognises, SVG, PDF and TIFF included. This process opens pictures
 * only to resize uploads, so only the four kinds the shop accepts may be opened at all: a file
 * that got past the checks below under a false flag still reaches no other decoder.
 */
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadWebpBuffer',
    'VipsForeignLoadNsgifBuffer',
  ],
});
// Each upload is opened once: nothing is gained by keeping libvips' operations in memory.
sharp.cache(false);

/** WebP quality of every size served (the demo pictures' too, scripts/generate-images.ts). */
const WEBP_QUALITY = 82;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What a file is, by its first bytes: one of the accepted kinds, an SVG drawing, or neither. */
export function pictureKind(bytes: Uint8Array): ToolImageKind | 'svg' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // An SVG is XML text: told apart only to say why it is refused.
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').toLowerCase();
  if (/^(\ufeff)?\s*</.test(head) && head.includes('<svg')) return 'svg';
  return null;
}

const declaredKinds: Record<string, ToolImageKind | 'svg'> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/**
 * Whether an upload's Content-Type may carry a picture: an image type, or
 * `application/octet-stream` from a browser that could not tell the file's type: no type a page
 * of another site can send with a plain form, as with the JSON the rest of the API takes
 * (docs/security.md, V5.2).
 */
export function isPictureContentType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type.startsWith('image/') || type === 'application/octet-stream';
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export interface PictureSize {
  size: ToolImageWidth;
  width: number;
  height: number;
  webp: Buffer;
}

/**
 * What kind of picture an uploaded file is, by its bytes. Refuses (400, with the message an admin
 * reads under the field) an empty file, an SVG, anything but a PNG, JPEG, WebP or GIF, and a file
 * whose declared type names another kind than its bytes are.
 */
export function acceptedKind(bytes: Uint8Array, contentType: string | undefined): ToolImageKind {
  if (bytes.byteLength === 0) throw badRequest(messages.empty);
  const kind = pictureKind(bytes);
  const declared = declaredKinds[mediaType(contentType)];
  if (kind === 'svg' || declared === 'svg') throw badRequest(messages.svg);
  if (kind === null) throw badRequest(messages.notAPicture);
  if (declared !== undefined && declared !== kind) {
    throw badRequest(messages.typeMismatch(declared, kind));
  }
  return kind;
}

/**
 * The sizes the shop serves of a file `acceptedKind` let through, each as WebP. Refuses (400) a
 * picture of more than MAX_TOOL_IMAGE_PIXELS, read from its header before a pixel is decoded,
 * and one that does not decode. A GIF or WebP that moves gives its first frame; a photo is turned
 * as its camera said (EXIF orientation), and its metadata (where it was taken, say) is not kept.
 */
export async function pictureSizes(bytes: Uint8Array): Promise<PictureSize[]> {
  let header: Metadata;
  try {
    // The header only (no pixel is decoded), so no pixel limit yet: it is the one checked next.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(messages.unreadable);
  }
  const { width = 0, height = 0 } = header;
  if (width * height > MAX_TOOL_IMAGE_PIXELS)
    throw badRequest(messages.tooManyPixels(width, height));

  try {
    // Decoded once, to the largest size; the smaller ones are made from that.
    const [largest = 800, ...smaller] = toolImageWidths;
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_TOOL_IMAGE_PIXELS,
      failOn: 'error',
    })
      .autoOrient()
      .resize(fitIn(largest))
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = async (size: ToolImageWidth, picture: Sharp): Promise<PictureSize> => {
      const out = await picture.webp({ quality: WEBP_QUALITY }).toBuffer({
        resolveWithObject: true,
      });
      return { size, width: out.info.width, height: out.info.height, webp: out.data };
    };
    return await Promise.all([
      encode(largest, sharp(data, raw)),
      ...smaller.map((size) => encode(size, sharp(data, raw).resize(fitIn(size)))),
    ]);
  } catch {
    throw badRequest(messages.unreadable);
  }
}

/** Within the 4:3 box of `width`, the whole picture kept, never enlarged. */
function fitIn(width: ToolImageWidth): ResizeOptions {
  return {
    width,
    height: toolImageBoxHeight(width),
    fit: 'inside',
    withoutEnlargement: true,
  };
}
