import { useEffect, useState } from "react";

/**
 * Milliseconds left before `deadline` once fewer than `windowMs` remain (null before that).
 * Sleeps until the window opens, then ticks every second; waking the tab re-reads the clock.
 */
export function useCountdown(deadline: number | null, windowMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const inWindow = deadline !== null && deadline - now <= windowMs;
  // Before the window the timer is re-armed after each wake-up, in case it fired early.
  const rearm = inWindow ? 0 : now;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `rearm` re-arms the sleep on purpose.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    const untilWindow = deadline - windowMs - Date.now();
    const timer = untilWindow > 0 ? window.setTimeout(tick, untilWindow) : window.setInterval(tick, 1000);
    if (untilWindow <= 0) tick();
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.clearTimeout(timer);
      window.clearInterval(timer);
    };
  }, [deadline, windowMs, inWindow, rearm]);

  return inWindow && deadline !== null ? deadline - now : null;
}

/** "4:07": minutes and seconds left, for the countdown's timer. */
export function clockTime(ms: number) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
