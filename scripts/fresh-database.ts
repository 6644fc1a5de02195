// Empties the PostgreSQL database DATABASE_URL names, by dropping and creating it again on its
// server: the browser tests' server starts on it (playwright.config.ts), so each run begins with no
// owner, like the embedded database's fresh folder. Connections still open on it are closed first.
import { databaseOf, freshDatabase } from "@server/test/postgres-server";

const url = process.env.DATABASE_URL ?? "";
await freshDatabase(url, databaseOf(url));
