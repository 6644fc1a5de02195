import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { Listen } from "./db/listen";
import type { Storage } from "./storage/storage";

/** What the routes need from the outside world; tests build it with an in-memory database. */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  storage: Storage;
  /** LISTEN on the database, for live updates; without it the dashboard just does not hear them. */
  listen?: Listen;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
