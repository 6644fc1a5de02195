// Databases made and dropped on a PostgreSQL server, for the tests and the bench: the one home of
// "a fresh database beside this one". CREATE and DROP DATABASE cannot run inside the database they
// name, so they run from the server's maintenance database, `postgres`.
import pg from "pg";

/** A database's name as an identifier in SQL, quoted. */
const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The database `url` names. */
export function databaseOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error("the database address names no database");
  return name;
}

/** `url` pointed at database `name` of the same server. */
export function withDatabase(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${encodeURIComponent(name)}`;
  return other.toString();
}

/** Runs `statements` in turn on the maintenance database of `url`'s server. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops database `name` of `url`'s server, closing the connections still open on it. */
export const dropDatabase = (url: string, name: string) =>
  onServer(url, [`drop database if exists ${quotedName(name)} with (force)`]);

/** Database `name` of `url`'s server, dropped first if it was there: empty, or a copy of `template`. */
export const freshDatabase = (url: string, name: string, template?: string) =>
  onServer(url, [
    `drop database if exists ${quotedName(name)} with (force)`,
    `create database ${quotedName(name)}${template ? ` template ${quotedName(template)}` : ""}`,
  ]);
