import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** `bytea` as a Buffer: node-postgres reads it as one, PGlite as a plain Uint8Array. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The pictures admins upload for tools, one row per size served, kept in the database so that
 * every instance serves them and none keeps files of its own (docs/architecture.md, "Uploaded
 * pictures"). A picture is named by the SHA-256 of the file uploaded, so its address never
 * changes what it shows and can be cached for good.
 */
export const toolImage = pgTable(
  'tool_image',
  {
    hash: text('hash').notNull(),
    /** The width of the 4:3 box this size fits in (`toolImageWidths`). */
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The size as WebP. */
    webp: bytes('webp').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.hash, t.size] }),
    check('tool_image_hash_hex', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('tool_image_size_known', sql`${t.size} IN (800, 480, 128)`),
  ],
);
