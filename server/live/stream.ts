import { PassThrough } from "node:stream";
import type { LiveMessage } from "./hub";

/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

/** One text/event-stream response body: events, comments to keep proxies from timing it out, end. */
export class EventStream {
  readonly body = new PassThrough();
  private ended = false;

  constructor() {
    this.body.write(`retry: ${RETRY_MS}\n\n`);
  }

  send(message: LiveMessage) {
    // JSON has no raw newlines, so the data stays on one `data:` line.
    this.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  }

  heartbeat() {
    this.write(": heartbeat\n\n");
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }

  private write(text: string) {
    if (!this.ended) this.body.write(text);
  }
}
