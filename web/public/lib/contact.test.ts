import { translate } from "@domain/messages";
import { reservationCreateSchema } from "@domain/reservations";
import { describe, expect, it } from "vitest";
import { reviewWords } from "../i18n/review";
import { EMPTY_CONTACT, isBirthDate, lengthProblem, serverFieldErrors, validateContact } from "./contact";

const GOOD = {
  name: "Ana",
  last_name: "Pérez",
  email: "ana@example.com",
  phone: "+1 (809) 555-0101",
  driver_birth_date: "",
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
    // Refused as the server refuses it, not only once sent.
    for (const email of ["josé@example.com", "ana@example", "ana..b@example.com", "ana@ex_ample.com"]) {
      expect(validateContact({ ...GOOD, email }).email, email).toEqual({ key: "email" });
      expect(reservationCreateSchema.shape.email.safeParse(email).success, email).toBe(false);
    }
    for (const email of ["Ana.Pena+viaje@example.com", "o'neil@mail.example.do"]) {
      expect(validateContact({ ...GOOD, email }).email, email).toBeUndefined();
      expect(reservationCreateSchema.shape.email.safeParse(email).success, email).toBe(true);
    }
    expect(validateContact({ ...GOOD, phone: "call me" }).phone).toEqual({ key: "phoneCharacters" });
    expect(validateContact({ ...GOOD, phone: "---" }).phone).toEqual({ key: "phone" });
    expect(validateContact({ ...GOOD, phone: "1" }).phone).toEqual({ key: "phone" });
    expect(validateContact({ ...GOOD, phone: "809 555" }).phone).toBeUndefined();
    // Letters are told as such: "(809) 555-1234 ext. 12" has its digits, and was told it had too few.
    expect(validateContact({ ...GOOD, phone: "(809) 555-1234 ext. 12" }).phone).toEqual({ key: "phoneCharacters" });
    expect(validateContact({ ...GOOD, phone: "809-555-CARS" }).phone).toEqual({ key: "phoneCharacters" });
    expect(validateContact({ ...GOOD, phone: "++1 809 555 0101" }).phone).toEqual({ key: "phoneCharacters" });
    expect(validateContact({ ...GOOD, phone: "(809) 555-1234" }).phone).toBeUndefined();
    expect(validateContact({ ...GOOD, name: "a".repeat(101) }).name).toEqual({ key: "tooLong", max: 100 });
    expect(validateContact({ ...GOOD, phone: "1".repeat(31) }).phone).toEqual({ key: "tooLong", max: 30 });
    expect(validateContact({ ...GOOD, description: "x".repeat(1001) }).description).toEqual({
      key: "tooLong",
      max: 1000,
    });
  });
});

describe("lengthProblem: a text over its limit, as it is typed", () => {
  it("names the limit of each text field past it, and nothing for the rest", () => {
    expect(lengthProblem("name", "a".repeat(101))).toEqual({ key: "tooLong", max: 100 });
    expect(lengthProblem("name", "a".repeat(100))).toBeUndefined();
    expect(lengthProblem("last_name", ` ${"a".repeat(100)} `)).toBeUndefined();
    expect(lengthProblem("phone", "1".repeat(31))).toEqual({ key: "tooLong", max: 30 });
    expect(lengthProblem("description", "x".repeat(1001))).toEqual({ key: "tooLong", max: 1000 });
    expect(lengthProblem("driver_birth_date", "x".repeat(1001))).toBeUndefined();
    expect(lengthProblem("terms_accepted", true)).toBeUndefined();
    // Characters as the server counts them: 1,000 emoji are 2,000 UTF-16 units, and allowed.
    expect(lengthProblem("description", "🙂".repeat(1000))).toBeUndefined();
    expect(lengthProblem("description", "🙂".repeat(1001))).toEqual({ key: "tooLong", max: 1000 });
  });
});

describe("the driver's date of birth (issue 10)", () => {
  it("is required and must be a real date before today only when an age rule asks for it", () => {
    expect(validateContact(GOOD).driver_birth_date).toBeUndefined();
    expect(validateContact(GOOD, true, "2027-03-01").driver_birth_date).toEqual({ key: "required" });
    expect(validateContact({ ...GOOD, driver_birth_date: "2001-02-30" }, true, "2027-03-01").driver_birth_date).toEqual(
      {
        key: "date",
      },
    );
    expect(validateContact({ ...GOOD, driver_birth_date: "2027-03-01" }, true, "2027-03-01").driver_birth_date).toEqual(
      {
        key: "date",
      },
    );
    expect(validateContact({ ...GOOD, driver_birth_date: "2001-02-28" }, true, "2027-03-01")).toEqual({});
    // Drivers born last century are the usual case.
    expect(validateContact({ ...GOOD, driver_birth_date: "1964-07-31" }, true, "2027-03-01")).toEqual({});
  });

  it("knows a date of birth: a real date from 1900 on", () => {
    expect(["1990-05-05", "2000-02-29", "1900-01-01"].map(isBirthDate)).toEqual([true, true, true]);
    expect(["1899-12-31", "1990-02-29", "1990-5-5", "", "05/05/1990"].map(isBirthDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("takes the server's 422 on the date of birth under its field", () => {
    expect(
      serverFieldErrors({
        driver_birth_date: ["El conductor debe tener al menos 25 años."],
        date_of_arrival: ["Mínimo 3 días de alquiler."],
      }),
    ).toEqual({
      fields: { driver_birth_date: "El conductor debe tener al menos 25 años." },
      other: ["Mínimo 3 días de alquiler."],
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

describe("the phone's messages", () => {
  it.each(["es", "en"] as const)("say in %s what the server says, letters apart from too few digits", (language) => {
    const errors = reviewWords[language].errors;
    expect(errors.phone).toBe(translate(language, "phoneInvalid"));
    expect(errors.phoneCharacters).toBe(translate(language, "phoneCharacters"));
    expect(errors.phoneCharacters).not.toMatch(/6/);
  });
});
