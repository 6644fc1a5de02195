import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { emailSchema, loginSchema, registerSchema, userUpdateSchema } from "./users";

function problems(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".");
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

const profile = { name: "Ana", email: "ana@example.com" };

describe("emailSchema", () => {
  it("trims and lowercases a valid address, and bounds it", () => {
    expect(emailSchema.parse("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(problems(emailSchema, "nope")).toEqual({ "": ["email"] });
    expect(problems(emailSchema, " ")).toEqual({ "": ["required"] });
    expect(problems(emailSchema, `${"a".repeat(250)}@b.com`)).toEqual({ "": ["emailTooLong"] });
  });
});

describe("loginSchema", () => {
  it("needs a password, bounded", () => {
    expect(loginSchema.parse({ email: "A@b.co", password: "x" })).toEqual({ email: "a@b.co", password: "x" });
    expect(problems(loginSchema, { email: "a@b.co", password: "" })).toEqual({ password: ["required"] });
    expect(problems(loginSchema, { email: "a@b.co", password: "x".repeat(129) })).toEqual({
      password: ["passwordMax"],
    });
  });
});

describe("registerSchema", () => {
  it("needs a long enough password, typed twice", () => {
    const input = { ...profile, password: "12345678", password_confirmation: "12345678" };
    expect(registerSchema.parse(input)).toEqual(input);
    expect(problems(registerSchema, { ...input, password_confirmation: "12345679" })).toEqual({
      password_confirmation: ["passwordMismatch"],
    });
    expect(problems(registerSchema, { ...input, password: "1234567", password_confirmation: "1234567" })).toEqual({
      password: ["passwordMin"],
    });
    expect(problems(registerSchema, { ...input, name: "a".repeat(101) })).toEqual({ name: ["nameTooLong"] });
    // Everything empty: each field says so, the confirmation too.
    expect(problems(registerSchema, { name: "", email: "", password: "", password_confirmation: "" })).toMatchObject({
      password_confirmation: ["required"],
    });
  });
});

describe("userUpdateSchema", () => {
  it("keeps the password when none is typed", () => {
    expect(userUpdateSchema.parse(profile)).toEqual({
      ...profile,
      phone: "",
      password: "",
      password_confirmation: "",
      current_password: "",
      remove_avatar: false,
    });
    expect(userUpdateSchema.parse({ ...profile, password_confirmation: "anything" }).password).toBe("");
  });

  it("checks a new password's length and its confirmation", () => {
    expect(problems(userUpdateSchema, { ...profile, password: "1234567", password_confirmation: "1234567" })).toEqual({
      password: ["passwordMin"],
    });
    expect(
      userUpdateSchema.parse({ ...profile, password: "12345678", password_confirmation: "12345678" }).password,
    ).toBe("12345678");
    const long = "x".repeat(128);
    expect(userUpdateSchema.parse({ ...profile, password: long, password_confirmation: long }).password).toBe(long);
    const tooLong = "x".repeat(129);
    expect(problems(userUpdateSchema, { ...profile, password: tooLong, password_confirmation: tooLong })).toEqual({
      password: ["passwordMax"],
    });
    expect(problems(userUpdateSchema, { ...profile, password: "12345678", password_confirmation: "" })).toEqual({
      password_confirmation: ["passwordMismatch"],
    });
    expect(problems(userUpdateSchema, { ...profile, current_password: "x".repeat(129) })).toEqual({
      current_password: ["passwordMax"],
    });
  });

  it("takes a phone of digits, spaces and + - ( ) .", () => {
    expect(userUpdateSchema.parse({ ...profile, phone: " +1 (809) 555-12.34 " }).phone).toBe("+1 (809) 555-12.34");
    expect(problems(userUpdateSchema, { ...profile, phone: "809-CALL-NOW" })).toEqual({ phone: ["phoneCharacters"] });
    expect(problems(userUpdateSchema, { ...profile, phone: "1" })).toEqual({ phone: ["phoneInvalid"] });
    expect(userUpdateSchema.parse({ ...profile, phone: "  " }).phone).toBe("");
    expect(problems(userUpdateSchema, { ...profile, phone: "1".repeat(31) })).toEqual({ phone: ["phoneInvalid"] });
  });

  it("reads remove_avatar as 1 or 0", () => {
    expect(userUpdateSchema.parse({ ...profile, remove_avatar: "1" }).remove_avatar).toBe(true);
    expect(userUpdateSchema.parse({ ...profile, remove_avatar: "0" }).remove_avatar).toBe(false);
    expect(problems(userUpdateSchema, { ...profile, remove_avatar: "yes" })).toEqual({ remove_avatar: ["invalid"] });
  });
});
