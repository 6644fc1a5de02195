import { describe, expect, it } from "vitest";
import { customDomainInputSchema, customDomainProblem, dnsRecordFor, normalizeCustomDomain } from "./custom-domain";

const parse = (custom_domain: unknown) => customDomainInputSchema.safeParse({ custom_domain });
const messagesOf = (custom_domain: unknown) => {
  const result = parse(custom_domain);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("custom domains", () => {
  it("normalizes what the owner typed: spaces around, capitals and one trailing dot", () => {
    expect(normalizeCustomDomain("  Reservas.FlotaSol.com. ")).toBe("reservas.flotasol.com");
    expect(parse(" Reservas.FlotaSol.COM. ")).toEqual({
      success: true,
      data: { custom_domain: "reservas.flotasol.com" },
    });
  });

  it("accepts hostnames of two or more labels, hyphens inside, digits and punycode", () => {
    for (const domain of [
      "flotasol.com",
      "reservas.flota-sol.com.do",
      "a.b.c.d.example",
      "xn--flotasl-s2a.com",
      "1rent.do",
    ]) {
      expect(customDomainProblem(domain), domain).toBeNull();
    }
  });

  it("clears the domain with an empty string (or only spaces)", () => {
    expect(parse("")).toEqual({ success: true, data: { custom_domain: null } });
    expect(parse("   ")).toEqual({ success: true, data: { custom_domain: null } });
  });

  it("refuses schemes, paths, ports, spaces, one label, empty or bad labels", () => {
    for (const typed of [
      "https://reservas.flotasol.com",
      "reservas.flotasol.com/inicio",
      "reservas.flotasol.com:8443",
      "reservas flotasol.com",
      "flotasol",
      "reservas..flotasol.com",
      ".flotasol.com",
      "-reservas.flotasol.com",
      "reservas-.flotasol.com",
      "reservas_1.flotasol.com",
      "user@flotasol.com",
      "*.flotasol.com",
      "[::1]",
    ]) {
      expect(messagesOf(typed), typed).toEqual(["domainInvalid"]);
    }
  });

  it("bounds labels to 63 characters and the name to 253", () => {
    const label63 = "a".repeat(63);
    expect(customDomainProblem(`${label63}.com`)).toBeNull();
    expect(customDomainProblem(`${"a".repeat(64)}.com`)).toBe("domainTooLong");
    const long = `${[label63, label63, label63].join(".")}.${"b".repeat(57)}.com`; // 63*3 + 57 + 4 + 3 dots = 253
    expect(long.length).toBe(253);
    expect(customDomainProblem(long)).toBeNull();
    expect(customDomainProblem(`a${long}`)).toBe("domainTooLong");
    expect(messagesOf("x".repeat(400))).toEqual(["domainTooLong"]);
    expect(messagesOf(`${"x".repeat(300)}.com`)).toEqual(["domainTooLong"]);
  });

  it("refuses names with accents, asking for the xn-- form", () => {
    expect(messagesOf("reservas.flotasól.com")).toEqual(["domainAscii"]);
  });

  it("refuses localhost and IP addresses", () => {
    for (const typed of ["localhost", "app.localhost", "127.0.0.1", "192.168.1.20"]) {
      expect(messagesOf(typed), typed).toEqual([typed === "localhost" ? "domainInvalid" : "domainReserved"]);
    }
  });

  it("refuses the platform's own host and its subdomains, not names that merely end alike", () => {
    expect(customDomainProblem("book.nelly.app", "book.nelly.app")).toBe("domainReserved");
    expect(customDomainProblem("flotasol.book.nelly.app", "Book.Nelly.App")).toBe("domainReserved");
    expect(customDomainProblem("notbook.nelly.app", "book.nelly.app")).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(messagesOf(42)).toEqual(["domainInvalid"]);
    expect(messagesOf(null)).toEqual(["domainInvalid"]);
  });
});

describe("the DNS record an owner creates (issue 25.19)", () => {
  it("is a CNAME to a public name, an address record to a public IP, and none without a public address", () => {
    expect(dnsRecordFor("book.nelly.do")).toBe("cname");
    expect(dnsRecordFor("Book.Nelly.do.")).toBe("cname");
    expect(dnsRecordFor("203.0.113.5")).toBe("address");
    expect(dnsRecordFor("[2001:db8::1]")).toBe("address");
    expect(dnsRecordFor("localhost")).toBe("none");
    expect(dnsRecordFor("nelly.localhost")).toBe("none");
    expect(dnsRecordFor("127.0.0.1")).toBe("none");
    expect(dnsRecordFor("[::1]")).toBe("none");
    expect(dnsRecordFor("intranet")).toBe("none");
  });
});
