import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  keepPGliteStartOnBaselineCode,
  turnTheLoopBeforeEachStatement,
} from '../adapters/pglite.ts';
import * as authSchema from './schema/auth.ts';
import * as profileSchema from './schema/profile.ts';
import * as toolSchema from './schema/tool.ts';
import * as orderSchema from './schema/order.ts';
import * as orderEventSchema from './schema/order-event.ts';
import * as reviewSchema from './schema/review.ts';
import * as paymentSchema from './schema/payment.ts';
import * as newsletterSchema from './schema/newsletter.ts';
import * as contactSchema from './schema/contact.ts';
import * as appMetaSchema from './schema/app-meta.ts';
import * as mailSchema from './schema/mail.ts';
import * as cartSchema from './schema/cart.ts';
import * as toolImageSchema from './schema/tool-image.ts';

export const schema = {
  ...authSchema,
  ...profileSchema,
  ...toolSchema,
  ...orderSchema,
  ...orderEventSchema,
  ...reviewSchema,
  ...paymentSchema,
  ...newsletterSchema,
  ...contactSchema,
  ...appMetaSchema,
  ...mailSchema,
  ...cartSchema,
  ...toolImageSchema,
};

/** Both drivers (PGlite and node-postgres) fit this type, so services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a service receives: the database or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-snapshot'; snapshot: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number; lockTimeoutMs?: number };

/*
 * Every PostgreSQL connection's limits, so that no request hangs behind something stuck
 * (docs/architecture.md §6, "Connection limits"). A statement waits at most LOCK_TIMEOUT_MS for
 * a row lock another transaction holds, then fails with SQLSTATE 55P03, answered 503 "busy" (our
 * own transactions hold a row for milliseconds). A session left idle inside a transaction (a
 * stuck holder) is ended after a minute, which frees its locks. A request waits at most
 * CONNECT_TIMEOUT_MS for a free connection of the pool.
 */
export const LOCK_TIMEOUT_MS = 5_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;

/*
 * PGlite zero-fills its whole shared-buffer pool on every start; 16 MB instead of PostgreSQL's
 * 128 MB saves most of a second, and the OS file cache holds the data files anyway
 * (docs/architecture.md, "PGlite").
 */
const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a statement outside the ORM; used by readiness checks and migrations. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, for snapshotting in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      lock_timeout: target.lockTimeoutMs ?? LOCK_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A client losing its connection must not crash the process; the pool replaces it. The pool
    // listens on idle clients only: one in use (a transaction under way when its backend is
    // terminated) would raise its 'error' event with no listener, an uncaught exception. The
    // query in flight is rejected on its own and answered 503 (plugins/error-handler.ts).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  keepPGliteStartOnBaselineCode();
  const options = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS };
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create({ ...options, dataDir: target.dataDir });
  } else {
    client = await PGlite.create({ ...options, loadDataDir: target.snapshot });
  }
  turnTheLoopBeforeEachStatement(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
