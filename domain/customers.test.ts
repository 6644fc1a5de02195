import { describe, expect, it } from "vitest";
import {
  customerFlagSchema,
  customerListQuerySchema,
  customerNotesSchema,
  emailKey,
  fullName,
  phoneKey,
  SPENT_STATUSES,
} from "./customers";

describe("emailKey", () => {
  it("trims and lower-cases; an empty email is none", () => {
    expect(emailKey("  María.Peña@Example.COM ")).toBe("maría.peña@example.com");
    expect(emailKey("")).toBeNull();
    expect(emailKey("   ")).toBeNull();
  });
});

describe("phoneKey", () => {
  it("keeps the digits, the last ten, so a country code or trunk prefix typed or not is one phone", () => {
    expect(phoneKey("+1 (809) 555-0101")).toBe("8095550101");
    expect(phoneKey("809.555.0101")).toBe("8095550101");
    expect(phoneKey("1-809-555-0101")).toBe("8095550101");
    expect(phoneKey("+44 7911 123456")).toBe(phoneKey("07911 123456"));
    expect(phoneKey("600 111 222")).toBe("600111222");
  });

  it("is none for a phone too short to tell people apart", () => {
    expect(phoneKey("00000")).toBeNull();
    expect(phoneKey("+")).toBeNull();
    expect(phoneKey("123456")).toBe("123456");
  });
});

describe("fullName", () => {
  it("joins name and last name, without a dangling space when one is missing", () => {
    expect(fullName(" María José ", " Peña ")).toBe("María José Peña");
    expect(fullName("Ana", "")).toBe("Ana");
  });
});

describe("what counts as spent", () => {
  it("is a rental whose car went out: on rent, returned or completed", () => {
    expect([...SPENT_STATUSES].sort()).toEqual(["completed", "on_rent", "returned"]);
  });
});

describe("the owner's input", () => {
  it("notes and reasons are trimmed, bounded and cleaned of direction controls", () => {
    expect(customerNotesSchema.parse({ notes: "  hola\u202E ", version: 3 })).toEqual({ notes: "hola", version: 3 });
    expect(customerNotesSchema.safeParse({ notes: "x".repeat(2001), version: 1 }).error?.issues[0]?.message).toBe(
      "customerNotesTooLong",
    );
    expect(customerFlagSchema.parse({ do_not_rent: true, version: "2" })).toEqual({
      do_not_rent: true,
      reason: "",
      version: 2,
    });
    expect(customerFlagSchema.safeParse({ do_not_rent: "yes", version: 1 }).error?.issues[0]?.message).toBe(
      "customerFlagInvalid",
    );
  });

  it("the list's search is bounded and its page size whole", () => {
    expect(customerListQuerySchema.parse({})).toEqual({ q: "", limit: 50 });
    expect(customerListQuerySchema.safeParse({ q: "a".repeat(101) }).success).toBe(false);
    expect(customerListQuerySchema.safeParse({ limit: "1e3" }).success).toBe(false);
  });
});
