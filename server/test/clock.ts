import type { Clock } from "../clock";

/** A clock tests move by hand, to cross session expiry or throttling windows without waiting. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = new Date()) {
    this.current = start.getTime();
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
}
