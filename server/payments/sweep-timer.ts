import type { FastifyInstance } from "fastify";
import { sweepPayments } from "./sweep";

const EVERY_MS = 30_000;

/**
 * Runs the payments' sweep (sweep.ts) every half minute while the server is up; one round at a
 * time (a tick that comes while a slow round still runs is skipped, not queued), a failed round
 * logged and the next one tried.
 */
export function startPaymentSweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = sweepPayments(app.deps)
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) app.log.info(counts, "payments swept");
      })
      .catch((error: unknown) => app.log.error({ err: error }, "payments sweep failed"))
      .finally(() => {
        running = null;
      });
  };
  app.addHook("onReady", async () => {
    timer = setInterval(round, EVERY_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await running;
  });
}
