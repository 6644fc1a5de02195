import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Storage } from "./storage/storage";

/** What the routes need from the outside world; tests build it with an in-memory database. */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  storage: Storage;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
