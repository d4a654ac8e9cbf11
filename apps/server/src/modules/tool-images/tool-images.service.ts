import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ToolImageUpload } from '@voltforge/contract/tool-image';
import {
  TOOL_IMAGE_MAIN_WIDTH,
  toolImageFile,
  toolImageMessages,
  toolImageUrl,
  uploadedToolImage,
} from '@voltforge/contract/tool-image-rules';
import type { Actor } from '../../auth/guards.ts';
import type { BytesCache } from '../../cache/bytes-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { toolImage } from '../../db/schema/tool-image.ts';
import { notFound } from '../../http-error.ts';
import { acceptedKind, pictureSizes } from './picture.ts';

function uploadOf(hash: string, sizes: { size: number; width: number; height: number }[]) {
  return {
    img: toolImageUrl(hash, TOOL_IMAGE_MAIN_WIDTH),
    sizes: [...sizes]
      .sort((a, b) => b.size - a.size)
      .map(({ size, width, height }) => ({
        src: toolImageUrl(hash, size as typeof TOOL_IMAGE_MAIN_WIDTH),
        width,
        height,
      })),
  };
}

/**
 * Stores an uploaded picture at every size the shop serves (picture.ts checks it and makes
 * them), all in one statement: a picture is there at every size or not at all. Named by the
 * SHA-256 of the file, so the same file uploaded again is the same picture, stored once.
 */
export async function uploadToolImage(
  db: Db,
  admin: Actor,
  input: { bytes: Uint8Array; contentType: string | undefined },
): Promise<ToolImageUpload> {
  acceptedKind(input.bytes, input.contentType);
  const hash = createHash('sha256').update(input.bytes).digest('hex');
  const stored = await storedSizes(db, hash);
  if (stored.length > 0) return uploadOf(hash, stored);
  const sizes = await pictureSizes(input.bytes);
  await db
    .insert(toolImage)
    .values(sizes.map((s) => ({ hash, ...s, uploadedBy: admin.id })))
    .onConflictDoNothing();
  return uploadOf(hash, sizes);
}

function storedSizes(db: Db, hash: string) {
  return db
    .select({ size: toolImage.size, width: toolImage.width, height: toolImage.height })
    .from(toolImage)
    .where(eq(toolImage.hash, hash))
    .orderBy(desc(toolImage.size));
}

/**
 * The WebP bytes of `file` (`<hash>-<width>.webp`); 404 when no such picture was uploaded.
 * `kept` holds those read lately: a picture's bytes never change under its name.
 */
export async function toolImageWebp(db: Db, file: string, kept: BytesCache): Promise<Buffer> {
  const hit = kept.get(file);
  if (hit) return hit;
  const named = toolImageFile(file);
  if (!named) throw notFound(toolImageMessages.notFound);
  const [row] = await db
    .select({ webp: toolImage.webp })
    .from(toolImage)
    .where(and(eq(toolImage.hash, named.hash), eq(toolImage.size, named.width)));
  if (!row) throw notFound(toolImageMessages.notFound);
  kept.set(file, row.webp);
  return row.webp;
}

/**
 * Of the tool pictures `imgs`, those that name a picture uploaded to this shop which it does not
 * have (a typo, or an address copied from another shop's export): one query for them all.
 */
export async function missingToolImages(
  db: Db | Tx,
  imgs: readonly string[],
): Promise<Set<string>> {
  const hashes = new Map<string, string>();
  for (const img of imgs) {
    const uploaded = uploadedToolImage(img);
    if (uploaded) hashes.set(uploaded.hash, img);
  }
  if (hashes.size === 0) return new Set();
  const found = await db
    .select({ hash: toolImage.hash })
    .from(toolImage)
    .where(
      and(inArray(toolImage.hash, [...hashes.keys()]), eq(toolImage.size, TOOL_IMAGE_MAIN_WIDTH)),
    );
  for (const { hash } of found) hashes.delete(hash);
  return new Set(hashes.values());
}
