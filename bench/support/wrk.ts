// One wrk run (no pipelining: one request per connection at a time) and its figures.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export type Load = { rps: number; p50: number; p99: number; requests: number; errors: number };
/** `script` is a wrk Lua script; `args` reach its `init(args)`. */
export type LoadOptions = { seconds: number; connections: number; script?: string; args?: string[] };

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function millis(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? "");
  return match ? Number(match[1]) * (UNIT_MS[match[2] ?? "ms"] ?? 1) : Number.NaN;
}

/** Reads `wrk --latency`'s report: requests per second, p50 and p99 in ms, and failures of any kind. */
export function parseWrk(output: string): Load {
  const percentile = (label: string) => millis(new RegExp(`^\\s+${label}%\\s+(\\S+)`, "m").exec(output)?.[1]);
  const count = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50: percentile("50"),
    p99: percentile("99"),
    requests: count(/(\d+) requests in/),
    errors: count(/Non-2xx or 3xx responses: (\d+)/) + socketErrors,
  };
}

export async function wrk(url: string, options: LoadOptions): Promise<Load> {
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", "--timeout", "10s"];
  if (options.script) args.push("-s", options.script);
  const scriptArgs = options.args?.length ? ["--", ...options.args] : [];
  const { stdout } = await run("wrk", [...args, url, ...scriptArgs], { maxBuffer: 16 * 1024 * 1024 });
  return parseWrk(stdout);
}
