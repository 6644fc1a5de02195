import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be one of true, false, 1, 0, yes, no",
  })
  .transform((value) => ["true", "1", "yes"].includes(value));

const urlString = (what: string) =>
  z.url({ error: `must be a full URL (${what})` }).transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  STORAGE_DIR: z.string().min(1, "must not be empty").optional(),
  PUBLIC_BASE_URL: urlString("e.g. https://book.example.com").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, "must be an address such as Nelly <no-reply@example.com>")
    .default("Nelly <no-reply@localhost>"),
  TRUST_PROXY: booleanFlag.default(false),
  COOKIE_SECURE: booleanFlag.optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  DEMO_SEED: booleanFlag.default(true),
  WEB_DIR: z.string().min(1, "must not be empty").default("dist/web"),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(600),
  // Owners' own domains are reached through a TLS-terminating proxy: https, unless a local setup says http.
  CUSTOM_DOMAIN_SCHEME: z.enum(["https", "http"], { error: "must be https or http" }).default("https"),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  storageDir: string;
  publicBaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  cookieSecure: boolean;
  logLevel: string;
  rateLimitPerMinute: number;
  webDir: string;
  demoSeed: boolean;
  /** The scheme of the URLs a landing's custom domain puts in canonical, sitemap and Open Graph tags. */
  customDomainScheme: "https" | "http";
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Reads the environment once; every bad value is reported with its variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicBaseUrl = e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "storage")),
    publicBaseUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? publicBaseUrl.startsWith("https://"),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webDir: path.resolve(e.WEB_DIR),
    demoSeed: e.DEMO_SEED,
    customDomainScheme: e.CUSTOM_DOMAIN_SCHEME,
  };
}
