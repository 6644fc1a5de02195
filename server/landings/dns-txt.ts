import { Resolver } from "node:dns/promises";
import { HttpError } from "../http/errors";

/** The answers that mean "no such record", as opposed to a DNS that could not be asked. */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "ENONAME"]);

/**
 * The TXT records at `name`, each as one string (a record's 255-byte pieces joined, as RFC 7208
 * reads them), asked of `servers` (empty: the system's). None is an empty list; a DNS that times
 * out or fails answers 503, so the owner is told to try again rather than that the record is wrong.
 */
export async function txtRecords(servers: string[], name: string): Promise<string[]> {
  // A few seconds at most: the owner waits for the answer on the verify button.
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((pieces) => pieces.join(""));
  } catch (error) {
    if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? "")) return [];
    // The resolver's own error stays in the log (the error handler logs a 5xx's cause).
    throw Object.assign(new HttpError(503, "domainDnsUnavailable"), { cause: error });
  }
}
