import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

describe("the production server's Node flags", () => {
  it("are the ones `npm start` runs it with", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/main.mjs`);
  });
});
