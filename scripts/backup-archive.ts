// The backup archive: an ordinary .tar.gz (ustar, with a pax header for long names) written and
// read as a stream, so neither a large database nor many photos are ever held in memory. A plain
// `tar xzf` can open it too. Written here rather than taken from a package: it is ~200 lines and
// the restore must check every byte (gzip's CRC, each file's size and SHA-256) before it changes
// anything.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/** A damaged, truncated or foreign archive. */
export class ArchiveError extends Error {}

/** What goes in: a folder, or a file on disk (streamed), or bytes (the manifest). */
export type ArchiveEntry =
  | { name: string; kind: "dir" }
  | { name: string; kind: "file"; source: string; size: number }
  | { name: string; kind: "bytes"; data: Buffer };

export type WrittenFile = { path: string; size: number; sha256: string };

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // the ustar size field: 11 octal digits

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, type: "0" | "5" | "x", size: number, mode: number, mtime: number) {
  const block = Buffer.alloc(BLOCK);
  Buffer.from(name).copy(block, 0, 0, 100);
  block.write(octal(mode, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(mtime, 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\x0000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

function paxRecord(key: string, value: string) {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return Buffer.from(`${length}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

function* headersFor(name: string, type: "0" | "5", size: number, mode: number, mtime: number) {
  // Names that do not fit ustar's 100 bytes go in a pax record before the entry.
  if (Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) {
    const record = paxRecord("path", name);
    yield header("././@PaxHeader", "x", record.length, 0o644, mtime);
    yield record;
    yield padding(record.length);
  }
  yield header(name, type, size, mode, mtime);
}

/**
 * Writes the entries to `file` as a .tar.gz; `entries` gets the files written so far (size and
 * SHA-256 as read), so its last entry can list them. Writes `file.partial` first, so an
 * interrupted backup never leaves a file that looks complete.
 */
export async function writeArchive(
  file: string,
  entries: (written: readonly WrittenFile[]) => Iterable<ArchiveEntry>,
): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  const mtime = Math.floor(Date.now() / 1000);
  async function* tar() {
    for (const entry of entries(written)) {
      if (entry.kind === "dir") {
        yield* headersFor(`${entry.name}/`, "5", 0, 0o755, mtime);
        continue;
      }
      const size = entry.kind === "bytes" ? entry.data.length : entry.size;
      if (size > MAX_SIZE) throw new Error(`${entry.name} is too large for the archive (over 8 GiB).`);
      yield* headersFor(entry.name, "0", size, 0o644, mtime);
      const hash = createHash("sha256");
      let read = 0;
      if (entry.kind === "bytes") {
        hash.update(entry.data);
        read = size;
        yield entry.data;
      } else {
        for await (const chunk of fs.createReadStream(entry.source)) {
          hash.update(chunk as Buffer);
          read += (chunk as Buffer).length;
          if (read > size) break;
          yield chunk as Buffer;
        }
        if (read !== size)
          throw new Error(`${entry.source} changed while it was being backed up; run the backup again.`);
      }
      yield padding(size);
      written.push({ path: entry.name, size, sha256: hash.digest("hex") });
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(tar()), createGzip(), fs.createWriteStream(partial, { flags: "wx" }));
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return written;
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (this.pending.length === 0) {
      const next = await this.source.next();
      if (next.done) return null;
      this.pending = next.value;
    }
    const taken = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(taken.length);
    return taken;
  }

  async exact(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let left = size; left > 0; ) {
      const part = await this.some(left);
      if (!part) throw new ArchiveError("the archive is truncated (it ends in the middle of a file).");
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts);
  }
}

function field(block: Buffer, start: number, length: number) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function parseOctal(block: Buffer, start: number, length: number, what: string) {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError(`the archive is damaged (bad ${what} in a header).`);
  return Number.parseInt(text, 8);
}

function checkHeader(block: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
  if (sum !== parseOctal(block, 148, 8, "checksum")) throw new ArchiveError("the archive is damaged (bad header).");
}

function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  for (const line of data.toString("utf8").split("\n")) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
    if (match) records[match[1] as string] = match[2] as string;
  }
  return records;
}

export type ReadEntry = { name: string; kind: "dir" } | { name: string; kind: "file"; size: number };

/**
 * Reads a .tar.gz, handing each entry to `onEntry`: for a file it answers a writable path (or
 * null to check the file without keeping it) and gets back its size and SHA-256. The whole
 * archive is read, so gzip's own check catches damage anywhere, even after the last entry.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ReadEntry) => string | null | undefined,
): Promise<WrittenFile[]> {
  const files: WrittenFile[] = [];
  async function consume(source: AsyncIterable<Buffer>) {
    const reader = new ByteReader(source[Symbol.asyncIterator]());
    let pax: Record<string, string> = {};
    for (;;) {
      const block = await reader.exact(BLOCK).catch((error) => {
        throw error instanceof ArchiveError
          ? new ArchiveError("the archive is truncated (its end is missing).")
          : error;
      });
      if (block.every((byte) => byte === 0)) break;
      checkHeader(block);
      const type = String.fromCharCode(block[156] as number);
      const size = parseOctal(block, 124, 12, "size");
      // POSIX ustar splits long names into prefix + name; GNU tar uses those bytes for other things.
      const prefix = block.toString("latin1", 257, 263) === "ustar\0" ? field(block, 345, 155) : "";
      const name = pax.path ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      pax = {};
      if (type === "x") {
        pax = parsePax(await reader.exact(size));
        await reader.exact(padding(size).length);
      } else if (type === "5") {
        onEntry({ name: name.replace(/\/+$/, ""), kind: "dir" });
      } else if (type === "0" || type === "\0") {
        const target = onEntry({ name, kind: "file", size });
        const hash = createHash("sha256");
        async function* body() {
          for (let left = size; left > 0; ) {
            const part = await reader.some(Math.min(left, 1 << 16));
            if (!part) throw new ArchiveError("the archive is truncated (it ends in the middle of a file).");
            hash.update(part);
            left -= part.length;
            yield part;
          }
        }
        if (target) await pipeline(Readable.from(body()), fs.createWriteStream(target, { flags: "wx" }));
        else for await (const _ of body());
        await reader.exact(padding(size).length);
        files.push({ path: name, size, sha256: hash.digest("hex") });
      } else {
        throw new ArchiveError(`the archive holds an entry of a kind a Nelly backup never has (${name}).`);
      }
    }
    // Drain the rest so that gunzip reaches the end of the stream and checks its CRC.
    while (await reader.some(1 << 16)) {}
  }
  try {
    await pipeline(fs.createReadStream(file), createGunzip(), consume);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code.startsWith("Z_")) {
      throw new ArchiveError(
        code === "Z_BUF_ERROR"
          ? "the archive is truncated (the compressed data ends too early)."
          : `the file is not a .tar.gz or it is damaged (${(error as Error).message}).`,
      );
    }
    throw error;
  }
  return files;
}

/** A path inside the archive that stays inside its folder once extracted. */
export function safeArchivePath(name: string) {
  const normalized = path.posix.normalize(name);
  return (
    name.length > 0 &&
    !name.includes("\\") &&
    !name.includes("\0") &&
    !path.posix.isAbsolute(name) &&
    normalized === name &&
    !normalized.split("/").includes("..")
  );
}
