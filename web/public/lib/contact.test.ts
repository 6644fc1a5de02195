import { describe, expect, it } from "vitest";
import { EMPTY_CONTACT, serverFieldErrors, validateContact } from "./contact";

const GOOD = {
  name: "Ana",
  last_name: "Pérez",
  email: "ana@example.com",
  phone: "+1 (809) 555-0101",
  description: "",
  terms_accepted: true,
};

describe("validateContact (SPEC §5)", () => {
  it("accepts a complete form; the comment is optional", () => {
    expect(validateContact(GOOD)).toEqual({});
  });

  it("requires name, last name, email, phone and the terms", () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: { key: "required" },
      last_name: { key: "required" },
      email: { key: "required" },
      phone: { key: "required" },
      terms_accepted: { key: "terms" },
    });
    expect(validateContact({ ...GOOD, name: "   " }).name).toEqual({ key: "required" });
  });

  it("checks the email and the phone's characters, and the server's lengths", () => {
    expect(validateContact({ ...GOOD, email: "ana@" }).email).toEqual({ key: "email" });
    expect(validateContact({ ...GOOD, phone: "call me" }).phone).toEqual({ key: "phone" });
    expect(validateContact({ ...GOOD, phone: "---" }).phone).toEqual({ key: "phone" });
    expect(validateContact({ ...GOOD, name: "a".repeat(101) }).name).toEqual({ key: "tooLong", max: 100 });
    expect(validateContact({ ...GOOD, phone: "1".repeat(31) }).phone).toEqual({ key: "tooLong", max: 30 });
    expect(validateContact({ ...GOOD, description: "x".repeat(1001) }).description).toEqual({
      key: "tooLong",
      max: 1000,
    });
  });
});

describe("serverFieldErrors", () => {
  it("puts the form's fields under them and keeps the rest apart", () => {
    expect(
      serverFieldErrors({ email: ["Introduce un correo electrónico válido."], date_of_departure: ["Ya pasó."] }),
    ).toEqual({ fields: { email: "Introduce un correo electrónico válido." }, other: ["Ya pasó."] });
    expect(serverFieldErrors(undefined)).toEqual({ fields: {}, other: [] });
  });
});
