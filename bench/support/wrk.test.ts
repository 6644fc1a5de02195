import { describe, expect, it } from "vitest";
import { parseWrk } from "./wrk";

const REPORT = `Running 5s test @ http://127.0.0.1:3200/autos
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    28.61ms   15.20ms 120.00ms   80.00%
    Req/Sec   276.00     40.00   350.00     70.00%
  Latency Distribution
     50%   27.96ms
     75%   35.00ms
     90%   50.00ms
     99%    1.09s
  1380 requests in 5.00s, 40.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:    276.10
Transfer/sec:      8.00MB
`;

describe("wrk's report", () => {
  it("gives the rate, p50 and p99 in ms whatever their unit, and every failure", () => {
    expect(parseWrk(REPORT)).toEqual({ rps: 276.1, p50: 27.96, p99: 1090, requests: 1380, errors: 7 });
  });

  it("reads microseconds and a clean run", () => {
    const clean = REPORT.replace("27.96ms", "96.00us")
      .replace(/ {2}Socket errors.*\n/, "")
      .replace(/ {2}Non-2xx.*\n/, "");
    expect(parseWrk(clean)).toMatchObject({ p50: 0.096, errors: 0 });
  });
});
