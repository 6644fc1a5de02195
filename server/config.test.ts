import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
});
