import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOwnerArgs } from "./owner-create";

describe("owner:create", () => {
  it("parses and validates its arguments", () => {
    const ok = parseOwnerArgs(["--email", "Ana@Example.com", "--name", "Ana", "--password", "long-enough-1"]);
    expect(ok).toMatchObject({ ok: true, input: { email: "ana@example.com", name: "Ana" }, generated: false });
    const generated = parseOwnerArgs(["--email", "a@b.co", "--name", "A"]);
    expect(generated.ok && generated.input.password.length).toBeGreaterThanOrEqual(16);
    const bad = parseOwnerArgs(["--email", "nope", "--password", "short"]);
    expect(bad).toEqual({
      ok: false,
      problems: [
        "--name: This field is required.",
        "--email: Enter a valid email address.",
        "--password: The password must be at least 8 characters.",
      ],
    });
  });

  // The command's embedded-database path; on the PostgreSQL run it is reported as skipped, not passed.
  it.skipIf(process.env.NELLY_TEST_DATABASE === "postgres")(
    "creates an owner in the embedded database and refuses the same email twice",
    { timeout: 60_000 },
    () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-cli-"));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/owner-create.ts", ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
          encoding: "utf8",
        });
      const first = run("--email", "cli@example.com", "--name", "CLI Owner");
      expect(first.stdout).toMatch(/Created owner #\d+ cli@example.com\.\nPassword \(shown once\): \S{16}/);
      expect(first.status).toBe(0);
      const again = run("--email", "CLI@example.com", "--name", "Twice");
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("An account with this email already exists.");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
});
