// Empties the PostgreSQL database DATABASE_URL names, by dropping and creating it again on its
// server: the browser tests' server starts on it (playwright.config.ts), so each run begins with no
// owner, like the embedded database's fresh folder. Connections still open on it are closed first.
import pg from "pg";

const url = new URL(process.env.DATABASE_URL ?? "");
const name = decodeURIComponent(url.pathname.slice(1));
if (!name) throw new Error("DATABASE_URL names no database");
const quoted = `"${name.replaceAll('"', '""')}"`;
// CREATE and DROP DATABASE run from another database of the same server.
url.pathname = "/postgres";
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  await client.query(`drop database if exists ${quoted} with (force)`);
  await client.query(`create database ${quoted}`);
} finally {
  await client.end();
}
