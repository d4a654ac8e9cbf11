import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** One line of a project revision as kept (contract project.ts's input, and its matched tool). */
export interface StoredProjectLine {
  part: string;
  toolId: string | null;
  quantityPerBuild: number;
  designators: string;
  customerRef: string;
  doNotInstall: boolean;
  attritionBasisPoints: number;
  note: string;
}

/**
 * A buyer's saved bill of materials (docs/architecture.md, "Projects"): private to its owner. Its
 * lines are those of its latest revision; removing the account removes its projects.
 */
export const project = pgTable(
  'project',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    /** The latest revision's number. */
    revision: integer('revision').notNull().default(1),
    lastPricedCents: bigint('last_priced_cents', { mode: 'number' }),
    lastPricedBuilds: integer('last_priced_builds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_user_id_idx').on(t.userId, t.updatedAt)],
);

/**
 * Every revision of a project, never changed once written: saving a project writes the next one,
 * so an order placed from a revision always shows the lines it was placed from.
 */
export const projectRevision = pgTable(
  'project_revision',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    lines: jsonb('lines').$type<StoredProjectLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.revision] }),
    check('project_revision_revision_positive', sql`${t.revision} >= 1`),
  ],
);
