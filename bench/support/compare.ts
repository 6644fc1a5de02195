// Nelly and its baseline under the same load, in alternating rounds after a warm-up of each, so
// that whatever else the machine does in between weighs on both alike.
import { type Load, wrk } from "./wrk";

export type Settings = {
  quick: boolean;
  warmSeconds: number;
  roundSeconds: number;
  rounds: number;
  connections: number;
};

export const FULL: Settings = { quick: false, warmSeconds: 2, roundSeconds: 4, rounds: 3, connections: 16 };
/** Proves every load runs (in `npm test`): one short round each, no warm-up, since no figure is judged. */
export const QUICK: Settings = { quick: true, warmSeconds: 0, roundSeconds: 1, rounds: 1, connections: 8 };

export type Comparison = { product: Load; baseline: Load; ratio: number };

/** The round with the median rate: one slow or fast round does not decide the figure. */
function median(loads: Load[]): Load {
  const sorted = [...loads].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error("no load round ran");
  return { ...middle, errors: loads.reduce((sum, load) => sum + load.errors, 0) };
}

/**
 * Nelly alone, for figures held to a rate rather than to nginx (a script that changes every
 * request has no static twin): warm-up, then the rounds' median. `args(round)` feeds the script,
 * round -1 being the warm-up, so a script can keep its requests distinct across rounds.
 */
export async function alone(
  url: string,
  settings: Settings,
  script: string,
  args: (round: number) => string[] = () => [],
): Promise<Load> {
  const round = { seconds: settings.roundSeconds, connections: settings.connections, script };
  if (settings.warmSeconds > 0) await wrk(url, { ...round, seconds: settings.warmSeconds, args: args(-1) });
  const loads: Load[] = [];
  for (let index = 0; index < settings.rounds; index++) loads.push(await wrk(url, { ...round, args: args(index) }));
  return median(loads);
}

export async function compare(product: string, baseline: string, settings: Settings): Promise<Comparison> {
  const round = { seconds: settings.roundSeconds, connections: settings.connections };
  if (settings.warmSeconds > 0) {
    await wrk(product, { ...round, seconds: settings.warmSeconds });
    await wrk(baseline, { ...round, seconds: settings.warmSeconds });
  }
  const products: Load[] = [];
  const baselines: Load[] = [];
  for (let index = 0; index < settings.rounds; index++) {
    products.push(await wrk(product, round));
    baselines.push(await wrk(baseline, round));
  }
  const result = { product: median(products), baseline: median(baselines) };
  return { ...result, ratio: result.product.rps / result.baseline.rps };
}
