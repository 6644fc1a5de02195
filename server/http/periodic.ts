import type { FastifyInstance } from "fastify";

/**
 * Runs `round` every `everyMs` while the server is up (from onReady to close): one round at a time
 * (a tick that comes while a slow round still runs is skipped, not queued), a failed round logged
 * and the next one tried, and the last round awaited before the server closes.
 */
export function runPeriodically(
  app: FastifyInstance,
  { name, everyMs, round }: { name: string; everyMs: number; round: () => Promise<Record<string, number>> },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0)) app.log.info(counts, `${name} done`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook("onReady", async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await running;
  });
}
