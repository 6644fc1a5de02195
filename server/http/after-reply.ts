import type { FastifyBaseLogger, FastifyReply } from "fastify";

/**
 * Work a route does once its answer has left, so that how long the answer took cannot tell what
 * the work found (a password-reset request answers the same, as fast, whether or not the email
 * has an account: issue 25.20). Closing the app waits for the work under way; tests wait for it
 * with `settled()`.
 */
export class AfterReply {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` after `reply` has been sent, or after its client went away. */
  run(reply: FastifyReply, task: () => Promise<void>) {
    const sent = new Promise<void>((resolve) => {
      reply.raw.once("finish", resolve);
      reply.raw.once("close", resolve);
    });
    const work: Promise<void> = sent
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, "work after a reply failed"))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves once every task started so far has ended. */
  async settled() {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
