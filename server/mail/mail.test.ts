import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../db/rows";
import { outbox } from "../db/schema";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { createMailTransport, type MailTransport } from "./transport";
import { MAIL_BATCH, MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, MailWorker, nextDueMessages } from "./worker";

type Received = { to: string; data: string };

/** A real SMTP server on loopback that can be told to refuse the next messages, or be stopped. */
async function startSmtp(port = 0, received: Received[] = []) {
  const state = { refuse: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refuse > 0) {
          state.refuse--;
          const error = Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as { port: number }).port;
  let running = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!running) return resolve();
      running = false;
      server.close(() => resolve());
    });
  afterAll(stop);
  return { received, state, port: bound, url: `smtp://127.0.0.1:${bound}`, stop };
}

const smtp = await startSmtp();
const { app, clock, db } = await createTestApp({ SMTP_URL: smtp.url });

async function bookOne() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner);
  const response = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now()),
  });
  expect(response.statusCode).toBe(201);
  return { owner, landing, reservation: response.json() as { id: number; reference: string } };
}

const mailsOf = (reservationId: number) => db.select().from(outbox).where(eq(outbox.reservationId, reservationId));
/** This reservation's messages only: on PostgreSQL other test files book on the same database. */
const only = (reservationId: number) => eq(outbox.reservationId, reservationId);
const deliveredFor = (reference: string, from: number) =>
  smtp.received.slice(from).filter((mail) => mail.data.includes(reference));

describe("the mail outbox", () => {
  it("delivers the owner's and the customer's email through SMTP, HTML and plain text", async () => {
    const before = smtp.received.length;
    const { owner, reservation } = await bookOne();
    await app.mailWorker.runOnce(only(reservation.id));
    const delivered = deliveredFor(reservation.reference, before);
    expect(delivered.map((mail) => mail.to).sort()).toEqual([owner.email, "maria@example.com"].sort());
    const customer = delivered.find((mail) => mail.to === "maria@example.com")?.data ?? "";
    // From the landing's name on the platform's address; a reply goes to the operator (issue 24.11).
    expect(customer).toMatch(/^From: "?Rent [0-9a-f]{8}"? <no-reply@localhost>/m);
    expect(customer).toContain(`Reply-To: ${owner.email}`);
    const toOwner = delivered.find((mail) => mail.to === owner.email)?.data ?? "";
    expect(toOwner).toContain("From: Nelly <no-reply@localhost>");
    expect(toOwner).toContain("Reply-To: maria@example.com");
    expect(customer).toContain("Content-Type: text/plain");
    expect(customer).toContain("Content-Type: text/html");
    expect(customer).toContain(reservation.reference);
    const rows = await mailsOf(reservation.id);
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("retries a refused message with backoff and delivers each one exactly once", async () => {
    const before = smtp.received.length;
    smtp.state.refuse = 2;
    const { reservation } = await bookOne();
    await app.mailWorker.runOnce(only(reservation.id));
    let rows = await mailsOf(reservation.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(rows[0]?.lastError).toContain("Mailbox busy");
    // Not due yet: nothing is sent again straight away.
    await app.mailWorker.runOnce(only(reservation.id));
    expect(deliveredFor(reservation.reference, before)).toHaveLength(0);
    clock.advance(31_000);
    await app.mailWorker.runOnce(only(reservation.id));
    await app.mailWorker.runOnce(only(reservation.id));
    rows = await mailsOf(reservation.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
    expect(deliveredFor(reservation.reference, before)).toHaveLength(2);
  });

  it("leaves what a start finds pending to its first poll, and sends at once after a booking", async () => {
    const worker = new MailWorker(db, clock, createMailTransport({ smtpUrl: smtp.url, dataDir: "" }), {
      from: "Nelly <no-reply@localhost>",
      log: app.log,
      pollMs: 60_000,
    });
    // No round runs here: on PostgreSQL it would claim other test files' messages.
    const rounds = vi.spyOn(worker, "runOnce").mockResolvedValue(0);
    try {
      worker.start();
      await new Promise((resolve) => setImmediate(resolve));
      expect(rounds).not.toHaveBeenCalled();
      worker.nudge(); // as a booking's commit does
      expect(rounds).toHaveBeenCalledTimes(1);
    } finally {
      await worker.stop();
    }
  });

  it("never sends a message twice when two workers run at the same time", async () => {
    const before = smtp.received.length;
    const { reservation } = await bookOne();
    const log = app.log;
    const second = new MailWorker(db, clock, createMailTransport({ smtpUrl: smtp.url, dataDir: "" }), {
      from: "Nelly <no-reply@localhost>",
      log,
    });
    const [a, b] = await Promise.all([
      app.mailWorker.runOnce(only(reservation.id)),
      second.runOnce(only(reservation.id)),
    ]);
    await second.stop();
    expect(a + b).toBe(2);
    expect(deliveredFor(reservation.reference, before)).toHaveLength(2);
  });

  it("keeps a message that never goes through as failed, with its last error", async () => {
    smtp.state.refuse = 1000;
    const { reservation } = await bookOne();
    for (let attempt = 0; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      await app.mailWorker.runOnce(only(reservation.id));
      clock.advance(2 * 60 * 60 * 1000);
    }
    smtp.state.refuse = 0;
    const rows = await mailsOf(reservation.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["failed", MAIL_MAX_ATTEMPTS],
      ["failed", MAIL_MAX_ATTEMPTS],
    ]);
    await app.mailWorker.runOnce(only(reservation.id));
    expect((await mailsOf(reservation.id)).every((row) => row.status === "failed")).toBe(true);
  });
});

describe("a worker that dies while sending (issue 23.5)", () => {
  /** The Message-ID header of a delivered message. */
  const messageIdOf = (mail: Received) => /^Message-ID: (.+)$/im.exec(mail.data)?.[1]?.trim();

  it("leaves its messages to another instance a minute later, which sends each as the same message", async () => {
    const before = smtp.received.length;
    const { reservation } = await bookOne();
    const real = createMailTransport({ smtpUrl: smtp.url, dataDir: "" });
    // Delivers, then never comes back to mark them sent: as a process killed at that moment.
    const dying: MailTransport = {
      send: (message, stored) => real.send(message, stored).then(() => new Promise<void>(() => undefined)),
      close: () => real.close(),
    };
    const doomed = new MailWorker(db, clock, dying, { from: "Nelly <no-reply@localhost>", log: app.log });
    void doomed.runOnce(only(reservation.id));
    // Its round claimed both of the booking's messages and sent them side by side.
    await expect.poll(() => deliveredFor(reservation.reference, before).length).toBe(2);

    // Its claim holds for a minute, no longer: the other instance sends nothing before that.
    clock.advance(MAIL_CLAIM_MS - 1_000);
    const claimed = await mailsOf(reservation.id);
    expect(claimed.map((row) => [row.status, row.attempts, row.lockedUntil !== null])).toEqual([
      ["pending", 1, true],
      ["pending", 1, true],
    ]);
    expect(await app.mailWorker.runOnce(only(reservation.id))).toBe(0);
    expect((await mailsOf(reservation.id)).map((row) => row.status)).toEqual(["pending", "pending"]);
    clock.advance(2_000);
    expect(await app.mailWorker.runOnce(only(reservation.id))).toBe(2);
    expect((await mailsOf(reservation.id)).map((row) => row.status)).toEqual(["sent", "sent"]);

    // A message sent twice is one message: the Message-ID fixed when it was queued.
    const delivered = deliveredFor(reservation.reference, before);
    expect(delivered).toHaveLength(4);
    for (const row of claimed) {
      const twice = delivered.filter((mail) => mail.to === row.recipient);
      expect(twice.map(messageIdOf)).toEqual([`<${row.messageId}@localhost>`, `<${row.messageId}@localhost>`]);
    }
    // Each message has an id of its own.
    expect(new Set(delivered.map(messageIdOf)).size).toBe(2);
    real.close();
  });
});

describe("the mail server down for a while (issue 13.6)", () => {
  it("keeps every message while it is away and sends each exactly once when it is back", async () => {
    const first = await startSmtp();
    const local = await createTestApp({ SMTP_URL: first.url });
    await first.stop();
    const owner = await signUp(local.app);
    const landing = await createBookableLanding(local.app, owner, { units: "5" });
    const ids: number[] = [];
    const references: string[] = [];
    for (const start of [10, 20, 30]) {
      const response = await local.app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, local.clock.now(), {}, { start, length: 2 }),
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
      references.push(response.json().reference);
    }
    const ours = inArray(outbox.reservationId, ids);
    await local.app.mailWorker.runOnce(ours);
    let rows = await local.db.select().from(outbox).where(ours);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(6).fill(["pending", 1]));
    expect(rows[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Back on the same address, a few minutes later.
    const back = await startSmtp(first.port, first.received);
    local.clock.advance(5 * 60_000);
    await Promise.all([local.app.mailWorker.runOnce(ours), local.app.mailWorker.runOnce(ours)]);
    await local.app.mailWorker.runOnce(ours);
    rows = await local.db.select().from(outbox).where(ours);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    for (const reference of references) {
      expect(back.received.filter((mail) => mail.data.includes(reference))).toHaveLength(2);
    }
    expect(back.received).toHaveLength(6);
  });
});

describe("a backlog of mail", () => {
  it("is sent MAIL_BATCH messages a round, the oldest first, each once", async () => {
    const before = smtp.received.length;
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "9" });
    // Two messages a booking: one more than a round takes.
    const bookings = Math.ceil((MAIL_BATCH + 1) / 2);
    const ids: number[] = [];
    for (let index = 0; index < bookings; index++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, clock.now(), { email: `batch${index}@example.com` }),
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    const ours = inArray(outbox.reservationId, ids);
    const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    const queued = idsOf(await db.select().from(outbox).where(ours));
    expect(await app.mailWorker.runOnce(ours)).toBe(MAIL_BATCH);
    const sent = await db
      .select()
      .from(outbox)
      .where(and(ours, eq(outbox.status, "sent")));
    expect(idsOf(sent)).toEqual(queued.slice(0, MAIL_BATCH));
    expect(await app.mailWorker.runOnce(ours)).toBe(queued.length - MAIL_BATCH);
    expect(await app.mailWorker.runOnce(ours)).toBe(0);
    expect(smtp.received.length - before).toBe(queued.length);
  });

  it("is claimed from the pending messages' own index in queue order, not sorted whole at every claim", async () => {
    const rolledBack = new Error("rolled back: the backlog was never there for anyone else");
    const plan = await db
      .transaction(async (tx) => {
        // 3,000 pending and 3,000 sent, seen by this transaction alone, with statistics to plan by.
        const message = {
          kind: "reservation.customer",
          recipient: "a@example.com",
          subject: "s",
          html: "h",
          text: "t",
        };
        for (const status of ["pending", "sent"] as const) {
          await tx.insert(outbox).values(Array.from({ length: 3000 }, () => ({ ...message, status })));
        }
        await tx.execute(sql`analyze outbox`);
        const rows = await rowsOf<Record<string, string>>(tx, sql`explain ${nextDueMessages(tx, clock.now())}`);
        throw Object.assign(rolledBack, { plan: rows.map((row) => Object.values(row)[0]).join("\n") });
      })
      .catch((error: Error & { plan?: string }) => {
        if (error !== rolledBack) throw error;
        return error.plan ?? "";
      });
    expect(plan).toContain("Index Scan using outbox_pending_idx");
    expect(plan).not.toContain("Sort");
  });
});

describe("without SMTP_URL", () => {
  it("writes one .eml file per message under DATA_DIR/outbox", async () => {
    const local = await createTestApp();
    const owner = await signUp(local.app);
    const landing = await createBookableLanding(local.app, owner);
    const response = await local.app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, local.clock.now()),
    });
    await local.app.mailWorker.runOnce(only(response.json().id));
    const folder = path.join(local.config.dataDir, "outbox");
    const files = fs.readdirSync(folder).filter((file) => file.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const rows = await local.db.select().from(outbox).where(only(response.json().id));
    const customerRow = rows.find((row) => row.recipient === "maria@example.com");
    // Named by the outbox row and its Message-ID, never by the address.
    const customer = `${String(customerRow?.id).padStart(6, "0")}-${customerRow?.messageId}.eml`;
    expect(files).toContain(customer);
    const message = fs.readFileSync(path.join(folder, customer), "utf8");
    expect(message).toContain("To: maria@example.com");
    expect(message).toContain(`Message-ID: <${customerRow?.messageId}@localhost>`);
    expect(message).toContain(response.json().reference);
  });

  it("writes every text part quoted-printable, a comment in another script included, and it reads back as written", async () => {
    const local = await createTestApp();
    const owner = await signUp(local.app);
    const landing = await createBookableLanding(local.app, owner);
    // Mostly not Latin: the owner's notice carries the comment whole (1,000 characters at most).
    const comment = "子供用の座席を二つお願いします。到着が遅れる場合は電話します。".repeat(30).slice(0, 1000);
    const response = await local.app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, local.clock.now(), { description: comment }),
    });
    expect(response.statusCode).toBe(201);
    expect(await local.app.mailWorker.runOnce(only(response.json().id))).toBe(2);
    const [row] = await local.db
      .select()
      .from(outbox)
      .where(and(only(response.json().id), eq(outbox.recipient, owner.email)));
    const file = `${String(row?.id).padStart(6, "0")}-${row?.messageId}.eml`;
    const message = fs.readFileSync(path.join(local.config.dataDir, "outbox", file), "utf8");
    const parts = message.split(/^--.+$/m).filter((part) => part.includes("Content-Type: text/"));
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part).toContain("Content-Transfer-Encoding: quoted-printable");
    const plain = parts.find((part) => part.includes("Content-Type: text/plain")) ?? "";
    const body = plain.slice(plain.indexOf("\n\n") + 2).replace(/=\n/g, "");
    const bytes = body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    expect(Buffer.from(bytes, "latin1").toString("utf8")).toContain(comment);
  });

  it("makes DATA_DIR/outbox again when it was removed while the server runs", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-outbox-"));
    const transport = createMailTransport({ smtpUrl: "", dataDir });
    const message = {
      from: "Nelly <no-reply@example.com>",
      to: "ana@example.com",
      subject: "Hola",
      html: "<p>Hola</p>",
      text: "Hola",
    };
    const folder = path.join(dataDir, "outbox");
    try {
      await transport.send(message, { id: 1, messageId: "first" });
      expect(fs.readdirSync(folder)).toEqual(["000001-first.eml"]);
      fs.rmSync(folder, { recursive: true });
      await transport.send(message, { id: 2, messageId: "second" });
      expect(fs.readdirSync(folder)).toEqual(["000002-second.eml"]);
      expect(fs.readFileSync(path.join(folder, "000002-second.eml"), "utf8")).toContain("To: ana@example.com");
    } finally {
      transport.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("writes a message to the longest valid address (255 characters, issue 23.9)", async () => {
    const local = await createTestApp();
    const owner = await signUp(local.app);
    const landing = await createBookableLanding(local.app, owner);
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    expect(longest).toHaveLength(255);
    const response = await local.app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, local.clock.now(), { email: longest }),
    });
    expect(response.statusCode).toBe(201);
    expect(await local.app.mailWorker.runOnce(only(response.json().id))).toBe(2);
    const rows = await local.db.select().from(outbox).where(only(response.json().id));
    expect(rows.map((row) => [row.status, row.lastError])).toEqual([
      ["sent", null],
      ["sent", null],
    ]);
    const folder = path.join(local.config.dataDir, "outbox");
    const written = fs.readdirSync(folder).map((file) => fs.readFileSync(path.join(folder, file), "utf8"));
    expect(written.some((message) => message.includes(longest))).toBe(true);
  });
});
