const TICKS_PER_ROUND = 1000;
/**
 * A round of ticks this fast means V8 has optimised `nextTick`: interpreted, a tick costs about
 * 500 ns here; optimised, 45 to 80 (measured round by round, 2026-12-02). V8 optimises on a thread
 * of its own, which a busy machine (CI's tests beside it) keeps waiting: there it took 15 rounds
 * rather than 7, and a warm-up of fixed length ended before it (`main.test.ts` then found the
 * ticks megamorphic, in one clean-clone run of four).
 */
const OPTIMISED_NS_PER_TICK = 200;
/** Fast rounds in a row: one fast round can be a lucky one. */
const FAST_ROUNDS = 3;
/** A machine where a tick is never that fast still starts: the longest wait, twice the slowest seen. */
const AT_MOST_MS = 300;

/**
 * Runs `process.nextTick` before anything else starts until V8 has optimised it (its ticks turn
 * fast), while the process is quiet. Every answer sent goes through several ticks (the
 * sockets' and streams' callbacks), so how fast a tick is shows in every request's cost.
 *
 * Why (issue 29, docs/performance.md): a tick is a small object literal with computed keys, and V8
 * remembers the shape it saw at each key. On the embedded database the process's first ticks come
 * from PGlite's start (file streams reading its extension bundles) while `nextTick` still runs in
 * the interpreter; there one tick's async id arrived as a boxed number where the shape held small
 * integers, V8 changed the shape, and from then on the remembered shapes no longer matched: each
 * tick of every request went through V8's runtime (a `nextTick` cost about 300 ns instead of 45,
 * 7.5 % of the server's thread on a kept page). Optimised first, `nextTick` writes its ids as the
 * shape expects and the shapes stay as remembered, on either database.
 */
export async function warmNextTick(): Promise<void> {
  const nothing = () => {};
  const started = performance.now();
  let fastRounds = 0;
  while (fastRounds < FAST_ROUNDS && performance.now() - started < AT_MOST_MS) {
    const roundStarted = performance.now();
    for (let tick = 0; tick < TICKS_PER_ROUND; tick++) process.nextTick(nothing);
    const nsPerTick = ((performance.now() - roundStarted) * 1e6) / TICKS_PER_ROUND;
    fastRounds = nsPerTick < OPTIMISED_NS_PER_TICK ? fastRounds + 1 : 0;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
