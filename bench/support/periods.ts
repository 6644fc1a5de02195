// wrk Lua scripts that search different periods, as real travellers do: a rotation of a few hundred
// periods (popular dates, searched again and again), and a new period on every request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const half = (slot: number) => `${String(8 + Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`;

/** The query of the i-th period of a rotation: pickups over six months, 1 to 14 days, 08:00 to 18:30. */
export function rotatedQuery(index: number): string {
  const start = 1 + (index % 180);
  const length = 1 + (Math.floor(index / 180) % 14);
  return `from=${day(start)}&fromTime=${half(index % 22)}&to=${day(start + length)}&toTime=10:00`;
}

function scriptFile(name: string, lua: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nelly-wrk-")), `${name}.lua`);
  fs.writeFileSync(file, lua);
  return file;
}

/** Requests `${path}?${prefix}&<period>` for `count` periods in turn. */
export function rotationScript(path: string, prefix: string, count: number): string {
  const paths = Array.from({ length: count }, (_, index) => JSON.stringify(`${path}?${prefix}&${rotatedQuery(index)}`));
  return scriptFile(
    "rotation",
    `local paths = {${paths.join(",")}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`,
  );
}

/**
 * A period never asked before on every request: the k-th request (counted from the offset given
 * as the script's argument, so that rounds never repeat each other) picks a pickup day over six
 * months, a length of 1 to 14 days and pickup and return times on the half hour: 1.2 million
 * distinct periods.
 */
export function newPeriodScript(path: string, prefix: string): string {
  return scriptFile(
    "new-period",
    `local k = 0
local base = os.time()
local function day(offset) return os.date("!%Y-%m-%d", base + offset * 86400) end
local function half(slot) return string.format("%02d:%s", 8 + math.floor(slot / 2), slot % 2 == 1 and "30" or "00") end
init = function(args) k = tonumber(args[1]) or 0 end
request = function()
  k = k + 1
  local start = 1 + k % 180
  local rest = math.floor(k / 180)
  local length = 1 + rest % 14
  rest = math.floor(rest / 14)
  local query = "from=" .. day(start) .. "&fromTime=" .. half(rest % 22) .. "&to=" .. day(start + length) .. "&toTime=" .. half(math.floor(rest / 22) % 22)
  return wrk.format("GET", "${path}?${prefix}&" .. query)
end
`,
  );
}
