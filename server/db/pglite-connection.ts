import { EventEmitter } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import type { BackendMessage, NotificationResponseMessage } from "pg-protocol/dist/messages";
import { Parser } from "pg-protocol/dist/parser";

/** What every connection to one PGlite session shares. */
export type PgliteSession = {
  pglite: PGlite;
  /**
   * Named statements parsed in the session: the pool replaces a client after a failed query, and
   * the statements it had parsed stay in the session.
   */
  parsedStatements: Record<string, string>;
  /** Hears each NOTIFY the session delivers, whichever connection's statement it came back with. */
  notify: (channel: string, payload: string) => void;
};

/**
 * What node-postgres's client sends through, for PGlite: the wire messages go to PGlite's
 * `execProtocolRawStream` and its answers come back as the events node-postgres listens for. What
 * node-postgres sends in one turn of the event loop (a statement's Parse, Bind, Describe, Execute
 * and Sync) goes to PGlite in one call: PGlite's own connection for node-postgres
 * (`@electric-sql/pglite/node-postgres`) makes a call of each, and each call into PGlite costs
 * about as much as a small query's work (issue 29, docs/performance.md).
 *
 * PGlite's answer is read by node-postgres's own parser, as a socket's is: PGlite's parser (behind
 * `execProtocolStream`) copies every value of every row into a buffer of its own before decoding
 * it, a fifth of the server's time for the planner's month of 700 bookings (issue 29).
 */
export class PgliteConnection extends EventEmitter {
  // node-postgres's Client reads these.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  /** Named statements whose Parse is on its way, by name (node-postgres keeps them per connection). */
  readonly submittedNamedStatements: Record<string, string> = {};

  readonly parsedStatements: Record<string, string>;

  private pending: Buffer[] = [];
  private queue: Promise<unknown>;
  private ended = false;
  private readonly parser = new Parser();

  constructor(private readonly session: PgliteSession) {
    super();
    this.parsedStatements = session.parsedStatements;
    this.queue = session.pglite.waitReady;
  }

  async connect() {
    this._connecting = true;
    await this.session.pglite.waitReady;
    process.nextTick(() => this.emit("readyForQuery"));
  }

  private send(message: Buffer) {
    this.pending.push(message);
    if (this.pending.length === 1) queueMicrotask(() => this.drain());
  }

  private drain() {
    const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    if (!batch || this.ended) return;
    this.queue = this.queue.then(() => this.exchange(batch)).catch((error: unknown) => this.emit("error", error));
  }

  private async exchange(batch: Buffer) {
    const answer: Buffer[] = [];
    await this.session.pglite.execProtocolRawStream(batch, {
      // A view of PGlite's WebAssembly memory, which its next write reuses: copied.
      onRawData: (chunk) => answer.push(Buffer.from(chunk)),
    });
    for (const chunk of answer) this.parser.parse(chunk, (message) => this.receive(message));
  }

  private receive(message: BackendMessage) {
    if (message.name === "notification") {
      const { channel, payload } = message as NotificationResponseMessage;
      // After the parse, as PGlite's own listeners heard it: a handler cannot interrupt the answer being read.
      queueMicrotask(() => this.session.notify(channel, payload));
    }
    // node-postgres hears an ErrorResponse as 'errorMessage'.
    this.emit(message.name === "error" ? "errorMessage" : message.name, message);
  }

  // Drizzle hands node-postgres its type parsers as `types` (an object); Parse takes a list of
  // parameter types, which PostgreSQL's own wire ignores when it is not one, and PGlite reads.
  parse(query: { text: string; name?: string; types?: unknown }) {
    this.send(serialize.parse({ ...query, types: Array.isArray(query.types) ? query.types : [] }));
  }
  bind(config: Parameters<typeof serialize.bind>[0]) {
    this.send(serialize.bind(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]) {
    this.send(serialize.describe(message));
  }
  execute(config: Parameters<typeof serialize.execute>[0]) {
    this.send(serialize.execute(config));
  }
  close(message: Parameters<typeof serialize.close>[0]) {
    this.send(serialize.close(message));
  }
  query(text: string) {
    this.send(serialize.query(text));
  }
  flush() {
    this.send(serialize.flush());
  }
  sync() {
    this.send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer) {
    this.send(serialize.copyData(chunk));
  }
  endCopyFrom() {
    this.send(serialize.copyDone());
  }
  sendCopyFail(message: string) {
    this.send(serialize.copyFail(message));
  }

  /** Like a socket closing: the client waits for 'end'. The PGlite session stays open. */
  end() {
    this.ended = true;
    this.queue = this.queue.then(() => this.emit("end"));
  }

  // A socket's, for node-postgres; nothing to do without one.
  startup() {}
  requestSsl() {}
  password() {}
  cancel() {}
  ref() {}
  unref() {}
}
