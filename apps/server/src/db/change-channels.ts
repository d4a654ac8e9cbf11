/**
 * The channels on which committed changes are announced to every instance sharing the database
 * (docs/architecture.md, "Caches and change notifications"). PostgreSQL delivers a notification
 * at commit, and not at all on rollback.
 */
/**
 * Sent by database triggers (migration 0009) whenever a statement writes the tool or review
 * table, however the write is made.
 */
export const CATALOGUE_CHANNEL = 'voltforge_catalogue';
/**
 * Sent by database triggers (migration 0006) with a user's id whenever that user's account,
 * sessions, profile or orders change, however the change is made.
 */
export const USER_CHANNEL = 'voltforge_user';
/** Used by an instance to learn that it has received every notification committed before. */
export const SYNC_CHANNEL = 'voltforge_sync';

export const CHANGE_CHANNELS = [CATALOGUE_CHANNEL, USER_CHANNEL, SYNC_CHANNEL] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];
