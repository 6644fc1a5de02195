/**
 * Memory shared by the server's thread and the render threads, in equal slots, each holding one
 * rendered page on its way to a visitor (issue 29). A page sent from a render thread in a buffer of
 * its own is new memory outside V8's heap on the server's thread, 120 kB for a list of 30
 * vehicles; V8 counts such memory against the heap's growth, and at 800 pages a second it started
 * a full collection every 200 to 400 ms (`--trace-incremental-marking`), each taking 40 to 60 ms
 * of the thread, pauses the slowest answers waited for. A page written into a slot is the same
 * memory every time: none is allocated per page.
 *
 * A slot is lent to one page at a time: taken when the page is sent to a thread, given back once
 * its bytes have gone to the socket or been copied. With no slot free, or a page larger than a
 * slot, the page comes in a buffer of its own, as before.
 */
export const SLOT_BYTES = 256 * 1024;
/** Enough for the pages waiting on four threads and the answers being written. */
export const SLOT_COUNT = 64;

/** The slot's bytes as a view of the shared memory (no copy). */
export function slotView(memory: SharedArrayBuffer, slot: number, length = SLOT_BYTES): Uint8Array {
  return new Uint8Array(memory, slot * SLOT_BYTES, length);
}

export class PageSlots {
  readonly memory = new SharedArrayBuffer(SLOT_BYTES * SLOT_COUNT);
  private readonly free: number[] = Array.from({ length: SLOT_COUNT }, (_, slot) => SLOT_COUNT - 1 - slot);

  /** A free slot, or null when every one is lent. */
  take(): number | null {
    return this.free.pop() ?? null;
  }

  /** Gives a slot back: its bytes may be overwritten from now on. */
  give(slot: number): void {
    this.free.push(slot);
  }

  /** How many are free (for the tests). */
  get available(): number {
    return this.free.length;
  }
}
