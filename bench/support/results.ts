// Every figure of a run, printed as a table and written to bench/results.json with the machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Load } from "./wrk";

export type Row = {
  /** Which measurement of the issue this is, e.g. "public", "weight". */
  group: string;
  name: string;
  database: "embedded" | "postgres" | "none";
  /** A single figure (a size, a time) ... */
  value?: number;
  unit?: string;
  /** ... or a load run against its baseline. */
  product?: Load;
  baseline?: Load & { name: string };
  ratio?: number;
  /** What the figure is measured against, in words, and whether it meets it (undefined: no goal). */
  goal?: string;
  met?: boolean;
  /** A goal about correctness, not speed: missing it is an error even in a quick run. */
  mustHold?: boolean;
};

const fixed = (value: number | undefined, digits = 1) =>
  value === undefined || Number.isNaN(value) ? "—" : value.toFixed(digits);

const load = (l: Load) => `${fixed(l.rps, 0)} req/s (p50 ${fixed(l.p50, 2)} / p99 ${fixed(l.p99, 2)} ms)`;

function describe(row: Row): string {
  const { product: p, baseline: b } = row;
  if (p) {
    const versus = b ? ` vs ${b.name} ${load(b)} = ${fixed(row.ratio, 3)}x` : "";
    return `${load(p)}${versus}${p.errors ? `, ${p.errors} errors` : ""}`;
  }
  return `${fixed(row.value)} ${row.unit ?? ""}`.trim();
}

export function printRow(row: Row): void {
  const mark = row.met === undefined ? "    " : row.met ? "ok  " : "SHORT";
  const goal = row.goal ? `  [goal: ${row.goal}]` : "";
  console.log(`${mark.padEnd(5)} ${row.database.padEnd(8)} ${row.name}: ${describe(row)}${goal}`);
}

export function writeResults(file: string, rows: Row[], quick: boolean): void {
  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memory_gb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
  const content = { date: new Date().toISOString(), quick, machine, results: rows };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
}
