// Creates an owner account from the command line (for the platform's operators):
//   npm run owner:create -- --email ana@example.com --name "Ana Pérez" [--password ...]
// Without --password a strong one is generated and printed once.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { translate } from "@domain/messages";
import { registerSchema } from "@domain/users";
import { loadConfig } from "@server/config";
import { ValidationError } from "@server/http/errors";
import { openDeps } from "@server/open";
import { createUser } from "@server/users/service";

export function parseOwnerArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
  });
  const password = values.password ?? randomBytes(12).toString("base64url");
  const parsed = registerSchema.safeParse({
    name: values.name ?? "",
    email: values.email ?? "",
    password,
    password_confirmation: password,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${String(i.path[0])}: ${translate("en", i.message as never)}`);
    return { ok: false as const, problems };
  }
  return { ok: true as const, input: parsed.data, generated: values.password === undefined };
}

async function main() {
  const args = parseOwnerArgs(process.argv.slice(2));
  if (!args.ok) {
    console.error(
      `Usage: npm run owner:create -- --email EMAIL --name NAME [--password PASSWORD]\n${args.problems.join("\n")}`,
    );
    process.exit(1);
  }
  const opened = await openDeps(loadConfig());
  try {
    const user = await createUser(opened.deps.db, args.input);
    console.log(`Created owner #${user.id} ${user.email}.`);
    if (args.generated) console.log(`Password (shown once): ${args.input.password}`);
  } catch (error) {
    if (error instanceof ValidationError) {
      console.error(`Not created: ${translate("en", "emailTaken")}`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
