import path from "node:path";
import { z } from "zod";
import { parseKey } from "./secrets/secrets";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be one of true, false, 1, 0, yes, no",
  })
  .transform((value) => ["true", "1", "yes"].includes(value));

const urlString = (what: string) =>
  z.url({ error: `must be a full URL (${what})` }).transform((value) => value.replace(/\/+$/, ""));

/** 32 bytes, as 64 hex digits or base64 (`openssl rand -base64 32`). */
const secretKey = z.string().refine((value) => {
  try {
    parseKey(value);
    return true;
  } catch {
    return false;
  }
}, "must be 32 bytes written as 64 hex digits or base64 (openssl rand -base64 32)");

/** A DNS server as Node's resolver takes it: an IPv4 address or a bracketed IPv6 one, each with an optional port. */
const DNS_SERVER = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-f:.]+\](?::\d{1,5})?|[0-9a-f:]*:[0-9a-f:.]*)$/i;

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
  WEB_DIR: z.string().min(1, "must not be empty").optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(600),
  // Reservations one address may make per hour, counted across every instance (issue 13).
  RESERVATION_RATE_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(20),
  // Owner accounts one address may try to create per hour, counted across every instance.
  SIGNUP_RATE_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(10),
  // Shared counters for the rate limits; without it they are kept in the database.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  STORAGE_DRIVER: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  S3_BUCKET: z.string().min(1, "must not be empty").optional(),
  S3_ENDPOINT: urlString("e.g. http://127.0.0.1:9000").optional(),
  S3_REGION: z.string().min(1, "must not be empty").default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1, "must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
  S3_PUBLIC_URL: urlString("the bucket's public address or a CDN, e.g. https://cdn.example.com/nelly").optional(),
  // Owners' own domains are reached through a TLS-terminating proxy: https, unless a local setup says http.
  CUSTOM_DOMAIN_SCHEME: z.enum(["https", "http"], { error: "must be https or http" }).default("https"),
  // Seals owners' payment keys at rest (issue 27); without it a key is generated into DATA_DIR.
  SECRETS_KEY: secretKey.optional(),
  // Keys being rotated out, comma-separated: still read, and sealed again with SECRETS_KEY at start.
  SECRETS_KEY_PREVIOUS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(secretKey))
    .optional(),
  // The DNS servers asked for an owner's domain's verification record, comma-separated ("1.1.1.1",
  // "127.0.0.1:5353", "[::1]:53"); unset, the system's. Tests point it at a local stand-in.
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(DNS_SERVER, "must be IP addresses, each with an optional :port")))
    .optional(),
  // Only for tests and local stand-ins: where the Stripe client sends its calls instead of api.stripe.com.
  STRIPE_API_URL: urlString("e.g. http://127.0.0.1:12111").optional(),
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
  /** Reservations one address may make per hour (shared by all instances). */
  reservationRateLimit: number;
  /** Sign-ups one address may try per hour (shared by all instances). */
  signUpRateLimit: number;
  redisUrl: string | undefined;
  /** Where uploads go: the local folder (storageDir) or an S3-compatible bucket. */
  storage: LocalStorageConfig | S3StorageConfig;
  webDir: string;
  demoSeed: boolean;
  /** The scheme of the URLs a landing's custom domain puts in canonical, sitemap and Open Graph tags. */
  customDomainScheme: "https" | "http";
  /** Seals secrets at rest: the current key and those being rotated out (see payments/secrets.ts). */
  secretsKey: string | undefined;
  previousSecretsKeys: string[];
  /** Unset in production; a local stand-in's address in tests. */
  stripeApiUrl: string | undefined;
  /** The DNS servers that verify owners' domains; empty: the system's. */
  dnsServers: string[];
};

export type LocalStorageConfig = { driver: "local" };
export type S3StorageConfig = {
  driver: "s3";
  bucket: string;
  /** Unset for AWS itself; set (with path-style addressing) for self-hosted servers. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** The address files are served from: the bucket's public URL or a CDN in front of it. */
  publicUrl: string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/**
 * Where the built dashboard is: WEB_DIR when set (from the working folder); else the `web` folder
 * beside the built server (dist/server/main.mjs, dist/web), so the server started from any folder
 * (a service manager's) serves it; else ./dist/web, for a server run from its sources. A walk found
 * `node /srv/nelly/dist/server/main.mjs` run from another folder answering "not built yet".
 */
export function webDirOf(setting: string | undefined, script = process.argv[1] ?? ""): string {
  if (setting) return path.resolve(setting);
  const serverDir = path.dirname(path.resolve(script));
  if (serverDir.endsWith(path.join("dist", "server"))) return path.resolve(serverDir, "..", "web");
  return path.resolve("dist/web");
}

/** Reads the environment once; every bad value is reported with its variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const e = parsed.data;
  const problems = [];
  if (e.STORAGE_DRIVER === "s3") {
    if (!e.S3_BUCKET) problems.push("S3_BUCKET must be set when STORAGE_DRIVER is s3");
    if (!e.S3_PUBLIC_URL) problems.push("S3_PUBLIC_URL must be set when STORAGE_DRIVER is s3");
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
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
    reservationRateLimit: e.RESERVATION_RATE_LIMIT,
    signUpRateLimit: e.SIGNUP_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    storage:
      e.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            bucket: e.S3_BUCKET as string,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL as string,
          }
        : { driver: "local" },
    webDir: webDirOf(e.WEB_DIR),
    demoSeed: e.DEMO_SEED,
    customDomainScheme: e.CUSTOM_DOMAIN_SCHEME,
    secretsKey: e.SECRETS_KEY,
    previousSecretsKeys: e.SECRETS_KEY_PREVIOUS ?? [],
    stripeApiUrl: e.STRIPE_API_URL,
    dnsServers: e.DNS_SERVERS ?? [],
  };
}
