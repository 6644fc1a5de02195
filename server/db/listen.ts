import pg from "pg";

/** Called with each NOTIFY payload of a channel. */
export type NotificationHandler = (payload: string) => void;
/**
 * LISTENs on a channel; the promise settles once listening, and its function stops it. `onError`
 * hears of a lost connection (PostgreSQL), which is then reopened by itself.
 */
export type Listen = (
  channel: string,
  onMessage: NotificationHandler,
  onError?: (error: Error) => void,
) => Promise<() => Promise<void>>;

const MAX_BACKOFF_MS = 30_000;
/** How the connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "nelly-live";

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pooled one would be handed to other
 * queries and drop its LISTENs). When the connection breaks it reconnects with a growing delay and
 * listens again on every channel that still has handlers; notifications sent meanwhile are lost.
 */
export function postgresListener(connectionString: string) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  const errorHandlers = new Set<(error: Error) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const quoted = (channel: string) => pg.escapeIdentifier(channel);

  function broken(lost: pg.Client, error?: Error) {
    if (error) for (const report of errorHandlers) report(error);
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    if (closed || handlers.size === 0 || retry) return;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures++);
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => {});
    }, delay);
    retry.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", (error) => broken(next, error));
      next.on("end", () => broken(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      client = next;
      failures = 0;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  const listen: Listen = async (channel, onMessage, onError) => {
    if (closed) throw new Error("the listener is closed");
    if (onError) errorHandlers.add(onError);
    const known = handlers.get(channel);
    const set = known ?? new Set<NotificationHandler>();
    set.add(onMessage);
    handlers.set(channel, set);
    try {
      const connected = await connect();
      // LISTEN twice is harmless: a connection made just now already listened on every channel.
      if (!known) await connected.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      set.delete(onMessage);
      if (set.size === 0) handlers.delete(channel);
      if (onError) errorHandlers.delete(onError);
      throw error;
    }
    return async () => {
      set.delete(onMessage);
      if (onError) errorHandlers.delete(onError);
      if (set.size > 0 || handlers.get(channel) !== set) return;
      handlers.delete(channel);
      await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
    };
  };

  async function close() {
    closed = true;
    if (retry) clearTimeout(retry);
    handlers.clear();
    errorHandlers.clear();
    const open = client ?? (await connecting?.catch(() => null));
    client = null;
    await open?.end().catch(() => {});
  }

  return { listen, close };
}

/**
 * LISTEN on the embedded database: PGlite is one session, so its connections hand each NOTIFY
 * they read to `notify` (pglite-connection.ts), and LISTEN and UNLISTEN go through `run`, the
 * session's pool, never beside a statement in flight.
 */
export function sessionListener(run: (statement: string) => Promise<unknown>) {
  const handlers = new Map<string, Set<NotificationHandler>>();

  const notify = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  };

  const listen: Listen = async (channel, onMessage) => {
    const known = handlers.get(channel);
    const set = known ?? new Set<NotificationHandler>();
    set.add(onMessage);
    handlers.set(channel, set);
    try {
      if (!known) await run(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      set.delete(onMessage);
      if (set.size === 0) handlers.delete(channel);
      throw error;
    }
    return async () => {
      set.delete(onMessage);
      if (set.size > 0 || handlers.get(channel) !== set) return;
      handlers.delete(channel);
      await run(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  };

  return { notify, listen };
}
