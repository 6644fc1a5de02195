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

const quoted = (channel: string) => pg.escapeIdentifier(channel);

/**
 * Each channel's handlers, for both listeners below: `add` says whether the channel is new (to
 * LISTEN on), `remove` whether the handler was its last (to UNLISTEN). A handler already gone, or
 * dropped by `clear`, removes nothing.
 */
function channelHandlers() {
  const handlers = new Map<string, Set<NotificationHandler>>();
  return {
    channels: () => handlers.keys(),
    isEmpty: () => handlers.size === 0,
    clear: () => handlers.clear(),
    notify(channel: string, payload: string) {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
    add(channel: string, handler: NotificationHandler): boolean {
      const set = handlers.get(channel);
      if (set) {
        set.add(handler);
        return false;
      }
      handlers.set(channel, new Set([handler]));
      return true;
    },
    remove(channel: string, handler: NotificationHandler): boolean {
      const set = handlers.get(channel);
      if (!set?.delete(handler) || set.size > 0) return false;
      handlers.delete(channel);
      return true;
    },
  };
}
/** How the connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "nelly-live";

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pooled one would be handed to other
 * queries and drop its LISTENs). When the connection breaks it reconnects with a growing delay and
 * listens again on every channel that still has handlers; notifications sent meanwhile are lost.
 */
export function postgresListener(connectionString: string) {
  const handlers = channelHandlers();
  const errorHandlers = new Set<(error: Error) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  function broken(lost: pg.Client, error?: Error) {
    if (error) for (const report of errorHandlers) report(error);
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    if (closed || handlers.isEmpty() || retry) return;
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
      next.on("notification", (message) => handlers.notify(message.channel, message.payload ?? ""));
      next.on("error", (error) => broken(next, error));
      next.on("end", () => broken(next));
      try {
        await next.connect();
        for (const channel of handlers.channels()) await next.query(`LISTEN ${quoted(channel)}`);
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
    const first = handlers.add(channel, onMessage);
    try {
      const connected = await connect();
      // LISTEN twice is harmless: a connection made just now already listened on every channel.
      if (first) await connected.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      handlers.remove(channel, onMessage);
      if (onError) errorHandlers.delete(onError);
      throw error;
    }
    return async () => {
      if (onError) errorHandlers.delete(onError);
      if (!handlers.remove(channel, onMessage)) return;
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
  const handlers = channelHandlers();
  const listen: Listen = async (channel, onMessage) => {
    try {
      if (handlers.add(channel, onMessage)) await run(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      handlers.remove(channel, onMessage);
      throw error;
    }
    return async () => {
      if (handlers.remove(channel, onMessage)) await run(`UNLISTEN ${quoted(channel)}`).catch(() => {});
    };
  };
  return { notify: handlers.notify, listen };
}
