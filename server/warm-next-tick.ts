/** Rounds of ticks run before the server starts: enough for V8 to optimise `nextTick` (measured). */
const ROUNDS = 5;
const TICKS_PER_ROUND = 1000;
/**
 * And for at least this long: V8 optimises on a thread of its own, which a busy machine (CI's
 * tests beside it) can keep waiting past the five rounds: `main.test.ts` then saw the start leave
 * the ticks megamorphic (once in five clean-clone runs, 2026-12-01).
 */
const AT_LEAST_MS = 20;

/**
 * Runs `process.nextTick` a few thousand times before anything else starts, so that V8 has
 * optimised it while the process is quiet. Every answer sent goes through several ticks (the
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
  for (let round = 0; round < ROUNDS || performance.now() - started < AT_LEAST_MS; round++) {
    for (let tick = 0; tick < TICKS_PER_ROUND; tick++) process.nextTick(nothing);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
