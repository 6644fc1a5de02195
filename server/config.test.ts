import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, webDirOf } from "./config";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicBaseUrl: "http://localhost:3000",
      cookieSecure: false,
      trustProxy: false,
    });
    expect(config.storageDir).toBe(`${config.dataDir}/storage`);
  });

  it("finds the built dashboard beside the built server, whatever the working folder", () => {
    expect(webDirOf(undefined, "/srv/nelly/dist/server/main.mjs")).toBe("/srv/nelly/dist/web");
    expect(webDirOf("/elsewhere/web", "/srv/nelly/dist/server/main.mjs")).toBe("/elsewhere/web");
    // Run from its sources (tsx server/main.ts): the build of the working folder.
    expect(webDirOf(undefined, "/repo/server/main.ts")).toBe(`${process.cwd()}/dist/web`);
    expect(webDirOf("out/web", "/repo/server/main.ts")).toBe(`${process.cwd()}/out/web`);
  });

  it("reports every bad value with its variable name", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_BASE_URL: "example.com", TRUST_PROXY: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toContain("PORT must be a number");
      expect(problems).toContain("DATABASE_URL must start with postgres://");
      expect(problems).toContain("PUBLIC_BASE_URL must be a full URL");
      expect(problems).toContain("TRUST_PROXY must be one of");
    }
  });

  it("uses secure cookies behind an https base URL and trims its trailing slash", () => {
    const config = loadConfig({ PUBLIC_BASE_URL: "https://book.example.com/" });
    expect(config.publicBaseUrl).toBe("https://book.example.com");
    expect(config.cookieSecure).toBe(true);
  });

  it("reads the S3 storage settings and says which one is missing", () => {
    const config = loadConfig({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://cdn.example.com/photos/",
    });
    expect(config.storage).toEqual({
      driver: "s3",
      bucket: "photos",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.com/photos",
    });
    expect(loadConfig({}).storage).toEqual({ driver: "local" });
    expect(() => loadConfig({ STORAGE_DRIVER: "s3", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_BUCKET must be set[\s\S]*S3_PUBLIC_URL must be set[\s\S]*must be set together/,
    );
  });

  it("reads the reservation and sign-up flood limits and the Redis address", () => {
    expect(loadConfig({}).reservationRateLimit).toBe(20);
    expect(loadConfig({}).signUpRateLimit).toBe(10);
    expect(loadConfig({ SIGNUP_RATE_LIMIT: "3" }).signUpRateLimit).toBe(3);
    expect(() => loadConfig({ SIGNUP_RATE_LIMIT: "0" })).toThrow("SIGNUP_RATE_LIMIT must be at least 1");
    expect(loadConfig({ RESERVATION_RATE_LIMIT: "5", REDIS_URL: "redis://127.0.0.1:6379" })).toMatchObject({
      reservationRateLimit: 5,
      redisUrl: "redis://127.0.0.1:6379",
    });
    expect(() => loadConfig({ RESERVATION_RATE_LIMIT: "0" })).toThrow("RESERVATION_RATE_LIMIT must be at least 1");
  });
});
