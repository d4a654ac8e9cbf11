import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { CHANGE_CHANNELS, SYNC_CHANNEL, type ChangeChannel } from '../db/change-channels.ts';

type Listener = (payload: string) => void;

export interface ChangeFeed {
  /** Calls `listener` with the payload of every notification committed on `channel`. */
  on(channel: ChangeChannel, listener: Listener): void;
  /**
   * Calls `listener` when notifications may have been missed (the listening connection dropped,
   * or has just been made): whatever was kept from the database must be forgotten.
   */
  onResync(listener: () => void): void;
  /**
   * Resolves once every instance sharing the database has received every notification committed
   * before the call (immediate on PGlite, which delivers them to its one process at once).
   */
  caughtUp(): Promise<void>;
  /**
   * Whether changes are being heard of now (always on PGlite). While not, a cache keeps nothing:
   * what it kept could not be forgotten in time.
   */
  listening(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

const RECONNECT_MS = 1000;
/** How long one acknowledgement round waits for the other instances before it ends anyway. */
const CAUGHT_UP_TIMEOUT_MS = 1000;
/**
 * The longest a write's answer waits for acknowledgements: the round in flight when it committed,
 * then its own round (docs/architecture.md, "The write-acknowledgement contract").
 */
export const WRITE_WAIT_BOUND_MS = 2 * CAUGHT_UP_TIMEOUT_MS;
/** Each instance says it is there this often; one not heard from for three periods is gone. */
const PRESENCE_MS = 5000;

/**
 * One listening connection per instance for the change channels (db/change-channels.ts), shared
 * by every cache. On PGlite the database delivers notifications to the same process before the
 * committing query returns. On PostgreSQL a dedicated connection LISTENs, reconnecting if it
 * drops (every cache is emptied when it does, so nothing stale outlives a lost notification).
 *
 * A write request's answer waits for `caughtUp()`: a token goes out on the sync channel and every
 * instance that is there acknowledges it. Each instance handles notifications in commit order, so
 * its acknowledgement means it has already forgotten what the write changed, and the very next
 * request, on any instance, sees the change (docs/architecture.md).
 */
export const changeFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners = new Map<string, Listener[]>();
    const resyncs: Array<() => void> = [];
    const dispatch = (channel: string, payload: string) => {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    };
    const resync = () => {
      for (const listener of resyncs) listener();
    };
    const feed: ChangeFeed = {
      on(channel, listener) {
        listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      },
      onResync(listener) {
        resyncs.push(listener);
      },
      caughtUp: () => Promise.resolve(),
      listening: () => true,
    };
    app.decorate('changeFeed', feed);

    // A write's answer goes out once every instance has seen the changes it committed, so no
    // next request, wherever it lands, reads what the write replaced.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) {
        done(null, payload);
        return;
      }
      void feed.caughtUp().then(() => done(null, payload));
    });

    const { database } = app;
    if (database.pglite) {
      const pglite = database.pglite;
      const unlisten = await Promise.all(
        CHANGE_CHANNELS.map((channel) =>
          pglite.listen(channel, (payload) => dispatch(channel, payload)),
        ),
      );
      app.addHook('onClose', async () => {
        await Promise.all(unlisten.map((stop) => stop()));
      });
      return;
    }
    const { pool } = database;
    if (!pool) return;

    const self = randomUUID();
    /** Other instances heard from, with when. */
    const peers = new Map<string, number>();
    /** Tokens this instance waits on, with the instances yet to acknowledge each. */
    const waiting = new Map<string, { missing: Set<string>; done: () => void }>();
    const say = (message: string) =>
      pool.query('select pg_notify($1, $2)', [SYNC_CHANNEL, message]).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'change feed: cannot notify'),
      );
    const acknowledged = (token: string, instance: string) => {
      const wait = waiting.get(token);
      if (!wait) return;
      wait.missing.delete(instance);
      if (wait.missing.size === 0) wait.done();
    };
    // Messages: `here <id>`, `bye <id>`, `sync <token> <id>`, `ack <token> <id>`.
    listeners.set(SYNC_CHANNEL, [
      (message) => {
        const [kind = '', a = '', b = ''] = message.split(' ');
        if (kind === 'here' && a !== self) {
          if (!peers.has(a)) void say(`here ${self}`);
          peers.set(a, Date.now());
        } else if (kind === 'bye') {
          peers.delete(a);
          for (const wait of waiting.values()) {
            wait.missing.delete(a);
            if (wait.missing.size === 0) wait.done();
          }
        } else if (kind === 'sync') {
          // Its own token coming back is this instance's answer; the others acknowledge it.
          if (b === self) acknowledged(a, self);
          else void say(`ack ${a} ${self}`);
        } else if (kind === 'ack') {
          peers.set(b, Date.now());
          acknowledged(a, b);
        }
      },
    ]);

    let listener: pg.Client | undefined;
    /** Set once the listener's LISTEN has succeeded; cleared the moment it is lost. */
    let live = false;
    feed.listening = () => live;
    let closing = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const o = pool.options;
      const client = new pg.Client({
        connectionString: o.connectionString,
        host: o.host,
        port: o.port,
        user: o.user,
        password: o.password,
        database: o.database,
        ssl: o.ssl,
      });
      const lost = () => {
        if (listener !== client) return;
        listener = undefined;
        live = false;
        resync();
        if (!closing) retry = setTimeout(() => void connect(), RECONNECT_MS);
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (n) => dispatch(n.channel, n.payload ?? ''));
      listener = client;
      try {
        await client.connect();
        await client.query(CHANGE_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
        resync();
        live = listener === client;
        await say(`here ${self}`);
      } catch (error) {
        app.log.warn({ err: error }, 'change feed: cannot listen for changes; retrying');
        lost();
        await client.end().catch(() => undefined);
      }
    };
    await connect();
    const presence = setInterval(() => {
      const now = Date.now();
      for (const [peer, seen] of peers) if (now - seen > 3 * PRESENCE_MS) peers.delete(peer);
      if (listener) void say(`here ${self}`);
    }, PRESENCE_MS);
    presence.unref();

    /** One round: a token sent after the call, and every instance's acknowledgement of it. */
    const syncRound = async () => {
      if (!listener) return;
      const token = randomUUID();
      const missing = new Set([self, ...peers.keys()]);
      let timer: NodeJS.Timeout | undefined;
      const all = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CAUGHT_UP_TIMEOUT_MS);
        waiting.set(token, { missing, done: resolve });
      });
      try {
        await say(`sync ${token} ${self}`);
        await all;
        if (missing.size > 0) {
          // Not heard from within the limit: treated as gone until it says it is there again.
          app.log.warn({ instances: [...missing] }, 'change feed: instances did not acknowledge');
          for (const peer of missing) peers.delete(peer);
        }
      } finally {
        clearTimeout(timer);
        waiting.delete(token);
      }
    };

    const sharedRound = sharedRounds(syncRound);
    feed.caughtUp = () => (listener ? sharedRound() : Promise.resolve());

    app.addHook('onClose', async () => {
      closing = true;
      live = false;
      clearTimeout(retry);
      clearInterval(presence);
      if (listener) await say(`bye ${self}`);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    });
  },
  { name: 'change-feed', dependencies: ['db'] },
);

/**
 * Rounds coalesced (group commit, as order placement is): at most one is in flight, and every
 * caller that comes while it is shares the next one. Not the one in flight: its token may have
 * been committed before that caller's write was. Under load this is one notification per batch of
 * writes instead of one per write, each answer waiting at most one round longer. A caller that
 * comes between the end of a round and the start of the next one already asked for joins that
 * next one, which starts after it came.
 */
export function sharedRounds(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const round = run().finally(() => {
      if (current === round) current = undefined;
    });
    current = round;
    return round;
  };
  const startNext = () => {
    next = undefined;
    return start();
  };
  return () => {
    if (next) return next;
    if (!current) return start();
    next = current.then(startNext, startNext);
    return next;
  };
}
