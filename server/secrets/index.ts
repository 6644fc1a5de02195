// The server's secrets key (issue 27): what seals an operator's payment keys at rest and derives
// the tokens a retry is handed again. Its own part, so payments and reservations both use it.

export type { Secrets } from "./secrets";
export { secretsOf } from "./secrets-of";
