import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Listen } from "../db/listen";
import { LIVE_CHANNEL } from "./notify";

/** What reaches an owner's browser: the event without its routing (the owner's id stays here). */
export type LiveMessage = { event: LiveEventType; data: z.infer<typeof eventData> };
type Subscriber = (message: LiveMessage) => void;

const LIVE_EVENTS = ["reservation.created", "reservation.cancelled"] as const;
type LiveEventType = (typeof LIVE_EVENTS)[number];

const eventData = z.object({
  reservationId: z.number().int(),
  reference: z.string(),
  landingId: z.number().int(),
  source: z.enum(["public", "manual"]),
  customerName: z.string(),
});
/** A NOTIFY payload is checked before it is trusted: only these fields ever travel on. */
const notification = eventData.extend({ type: z.enum(LIVE_EVENTS), ownerId: z.number().int() });

/**
 * One LISTEN per instance, opened on the first subscriber, fanned out to the open streams of the
 * owner each event belongs to. Every instance hears every NOTIFY, so a booking written through one
 * instance reaches dashboards connected to any of them.
 */
export class LiveHub {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly listen: Listen | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds an owner's stream once the instance listens (rejects when LISTEN fails); returns its removal. */
  async subscribe(ownerId: number, subscriber: Subscriber): Promise<() => void> {
    await this.start();
    const set = this.subscribers.get(ownerId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(ownerId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(ownerId) === set) this.subscribers.delete(ownerId);
    };
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  private start(): Promise<unknown> {
    if (!this.listen) return Promise.resolve();
    this.listening ??= this.listen(
      LIVE_CHANNEL,
      (payload) => this.deliver(payload),
      (error) => this.log.warn({ err: error }, "live updates: lost the database connection, reconnecting"),
    ).catch((error: unknown) => {
      // The next subscriber tries again.
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private deliver(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const event = notification.safeParse(parsed);
    if (!event.success) {
      this.log.warn("live updates: ignored a notification that is not a known event");
      return;
    }
    const { type, ownerId, ...data } = event.data;
    for (const subscriber of this.subscribers.get(ownerId) ?? []) subscriber({ event: type, data });
  }
}
