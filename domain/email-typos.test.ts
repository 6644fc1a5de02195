import { describe, expect, it } from "vitest";
import { emailSuggestion } from "./email-typos";

describe("emailSuggestion", () => {
  it("puts right one slip in a common provider: a letter wrong, missing, extra, or two swapped", () => {
    expect(emailSuggestion("ana@gmail.con")).toBe("ana@gmail.com");
    expect(emailSuggestion("ana@gmal.com")).toBe("ana@gmail.com");
    expect(emailSuggestion("ana@gmaill.com")).toBe("ana@gmail.com");
    expect(emailSuggestion("ana@gmial.com")).toBe("ana@gmail.com");
    expect(emailSuggestion("ana@hotmial.com")).toBe("ana@hotmail.com");
    expect(emailSuggestion("ana@yahooo.com")).toBe("ana@yahoo.com");
    expect(emailSuggestion("ana@outlok.es")).toBe("ana@outlook.es");
    expect(emailSuggestion("ana@icloud.co")).toBe("ana@icloud.com");
    expect(emailSuggestion("ana@hotmail.co")).toBe("ana@hotmail.com");
  });

  it("reads the provider in any case and keeps the name as typed", () => {
    expect(emailSuggestion("Ana.Pérez@GMAIL.CON")).toBe("Ana.Pérez@gmail.com");
  });

  it("leaves a provider, a company's own domain and anything two slips away alone", () => {
    for (const email of [
      "ana@gmail.com",
      "ana@hotmail.es",
      "ana@ymail.com",
      "ana@mail.com",
      "ana@email.com",
      "ana@me.com",
      "ana@caribeautos.do",
      "ana@gmai.con",
      "ana@example.com",
      "ana@gmailcom",
      "ana",
      "@gmail.con",
      "ana@@gmail.con",
      "ana@b@gmail.con",
      "",
    ]) {
      expect(emailSuggestion(email), email).toBeNull();
    }
  });

  it("suggests nothing when the slip is as near two providers", () => {
    // One letter from yahoo.es and from yahoo.fr: which was meant cannot be told.
    expect(emailSuggestion("ana@yahoo.fs")).toBeNull();
  });
});
