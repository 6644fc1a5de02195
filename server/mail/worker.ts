import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { outbox } from "../db/schema";
import { type MailTransport, senderAddress } from "./transport";

export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a claimed message is reserved for the worker that claimed it, so how long a worker that
 * died mid-send holds it before another instance sends it. Twice the longest send (MAIL_SEND_MS in
 * transport.ts, 30 s): the other half covers marking it sent, so a live worker's claim never lapses
 * while it is still sending.
 */
export const MAIL_CLAIM_MS = 60_000;
const POLL_MS = 5_000;
/** Messages claimed, and sent side by side, in one round before the next round takes over. */
export const MAIL_BATCH = 10;

/**
 * The oldest pending messages due at `now` that no live worker holds, locked for the claim (a row
 * another worker is claiming is skipped, not waited for). Ordered by id over the pending messages'
 * own index (migration 0029), it stops at the first due ones: a backlog costs a claim a step, not a
 * sort of the whole backlog (issue 29: 6 ms a claim with 5,500 pending, 0.07 ms after).
 */
export function nextDueMessages(db: Database, now: Date, only?: SQL) {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
        only,
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(MAIL_BATCH)
    .for("update", { skipLocked: true });
}

/** 30 s, 1 min, 2 min, ... up to an hour between tries. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

type Options = {
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Reads an attachment's bytes from the documents store when its message is sent. */
  readFile?: (path: string) => Promise<Buffer>;
};

/**
 * Sends the outbox. Due messages are claimed in one statement (`FOR UPDATE SKIP LOCKED`, so
 * several instances never take the same one) and sent after it commits: no SMTP call ever runs
 * inside a database transaction. A failure is retried with backoff; after MAIL_MAX_ATTEMPTS the
 * message stays in the table as `failed` with its last error, and is logged.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly transport: MailTransport,
    private readonly options: Options,
  ) {}

  /**
   * Rounds every few seconds from now, and at once after each booking (`nudge`). What a restart
   * finds pending goes out at the first poll, not while the server starts: a first round then
   * loads the mail library and builds its messages on the thread that is getting ready to answer,
   * 90 to 180 ms of a start beside a backlog (issue 29, docs/performance.md).
   */
  start() {
    this.timer ??= setInterval(() => this.nudge(), this.options.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  /** Runs a round soon (after a booking commits), or once more after the round in progress. */
  nudge() {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.runOnce().catch((error) => this.options.log.error({ err: error }, "mail worker round failed"));
  }

  /**
   * Claims and sends what is due (only the messages matching `only` when given: tests share one
   * PostgreSQL database between files); answers how many were sent.
   */
  runOnce(only?: SQL): Promise<number> {
    this.running ??= this.round(only).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
    return this.running;
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /**
   * Claims up to MAIL_BATCH due messages in one statement, so its own transaction: the rows are
   * chosen and locked by the subquery, then marked as claimed (issue 29: a booking queues two
   * messages, and claiming and marking each one alone were four round trips a booking). They are
   * sent side by side, so the batch takes as long as its slowest send (MAIL_SEND_MS at most) and
   * the claim (MAIL_CLAIM_MS) outlasts it; a worker that dies mid-round holds its batch until then.
   */
  private async claim(only: SQL | undefined) {
    const now = this.clock.now();
    return this.db
      .update(outbox)
      .set({ lockedUntil: new Date(now.getTime() + MAIL_CLAIM_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, nextDueMessages(this.db, now, only)))
      .returning();
  }

  private async round(only: SQL | undefined): Promise<number> {
    const messages = await this.claim(only);
    const outcomes = await Promise.all(messages.map((message) => this.send(message)));
    const sent = messages.filter((_, index) => outcomes[index]).map((message) => message.id);
    // Every message sent in the round is marked in one statement.
    if (sent.length > 0) {
      await this.db
        .update(outbox)
        .set({ status: "sent", sentAt: this.clock.now(), lockedUntil: null, lastError: null })
        .where(inArray(outbox.id, sent));
    }
    // More may be due: the worker goes on at once rather than at its next poll.
    if (messages.length === MAIL_BATCH) this.again = true;
    return sent.length;
  }

  /** A file that cannot be read now (S3 unreachable) fails the send, which is retried like any other. */
  private async attachmentsOf(message: typeof outbox.$inferSelect) {
    const files = message.attachments ?? [];
    const read = this.options.readFile;
    if (files.length > 0 && !read) throw new Error("this worker cannot read attachments");
    return Promise.all(
      files.map(async (file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: await (read as (path: string) => Promise<Buffer>)(file.path),
      })),
    );
  }

  /** Sends one claimed message; a failure is marked for its retry here, a success by the round. */
  private async send(message: typeof outbox.$inferSelect): Promise<boolean> {
    try {
      const attachments = await this.attachmentsOf(message);
      await this.transport.send(
        {
          // The landing's name for its customers, on MAIL_FROM's address (the one the server may send for).
          from: message.fromName
            ? { name: message.fromName, address: senderAddress(this.options.from) }
            : this.options.from,
          replyTo: message.replyTo ?? undefined,
          to: message.recipient,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(attachments.length > 0 && { attachments }),
        },
        message,
      );
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp = message.attempts >= MAIL_MAX_ATTEMPTS;
      await this.db
        .update(outbox)
        .set({
          status: givingUp ? "failed" : "pending",
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(this.clock.now().getTime() + retryDelayMs(message.attempts)),
        })
        .where(eq(outbox.id, message.id));
      const details = { outboxId: message.id, kind: message.kind, attempts: message.attempts, reason };
      if (givingUp) this.options.log.error(details, "mail failed for good; it stays in the outbox table as failed");
      else this.options.log.warn(details, "mail failed; it will be retried");
      return false;
    }
  }
}
