import pg from "pg";
import type { Subscription } from "./client.ts";

const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 15_000;
const settle = () => {};

/**
 * A round trip that does nothing but cross the connection: the protocol's Sync message alone, which PostgreSQL
 * answers with ReadyForQuery (no statement, no transaction). Before it answers a listening connection, PostgreSQL
 * sends every notification it was signalled about (postgres.c, just before ReadyForQuery), and a committing
 * transaction signals the listeners before its own client hears COMMIT. So once this settles, every notification
 * of a transaction that committed before it was sent has been delivered.
 */
function syncRoundTrip(client: pg.Client): Promise<void> {
  return new Promise((resolve, reject) => void client.query(new SyncMessage(resolve, reject) as unknown as pg.QueryConfig));
}

/** The Sync message as a query pg's client can queue (its "submittable" interface). */
class SyncMessage {
  constructor(
    private readonly resolve: () => void,
    private readonly reject: (error: Error) => void,
  ) {}
  submit(connection: { sync(): void }) {
    connection.sync();
  }
  handleReadyForQuery() {
    this.resolve();
  }
  handleError(error: Error) {
    this.reject(error);
  }
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection could be handed to another query or
 * closed when idle). `onChange` is called on each notification, and whenever one may have been missed: when the
 * subscription holds (again) after a lost connection, which is then opened again, sooner and then less often.
 */
export function listenOnPostgres(connectionString: string, channel: string, onChange: () => void): Subscription & { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const lost = (from: pg.Client, error?: Error) => {
    if (client !== from) return;
    client = null;
    if (error) console.error(`LISTEN ${channel}: connection lost (${error.message}); listening again shortly`);
    from.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
  };
  const open = async () => {
    // Keep-alive probes find an idle connection that died without a word; a connection attempt gives up in time
    // to be tried again.
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && client === next) onChange();
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners("end");
      next.end().catch(() => {});
      if (!closed) console.error(`LISTEN ${channel}: could not listen (${(error as Error).message}); trying again shortly`);
      schedule();
      return;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    retryMs = RETRY_FIRST_MS;
    // Whatever was notified before the LISTEN held was missed.
    onChange();
  };
  const opening = open();

  // One round trip at a time on the connection; everyone who asks while one is under way shares the next, which
  // starts after they asked (PostgreSQL would answer queued ones one after the other anyway).
  let underway: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    if (!client) return Promise.reject(new Error("not listening"));
    const trip = syncRoundTrip(client).finally(() => {
      if (underway === trip) underway = null;
    });
    underway = trip;
    return trip;
  };
  const caughtUp = (): Promise<void> => {
    if (!underway) return roundTrip();
    following ??= underway.then(settle, settle).then(() => {
      following = null;
      return roundTrip();
    });
    return following;
  };

  return {
    get live() {
      return client !== null;
    },
    ready: () => opening,
    caughtUp,
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
