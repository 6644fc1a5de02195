import { describe, expect, it } from "vitest";
import { containing, foldAccents } from "./search";

describe("searching without accents", () => {
  it("folds each accented letter to its plain one, case kept, anything else as typed", () => {
    expect(foldAccents("Ñúñez Łukasz Wróbel Øster Đorđe Çelik Şahin")).toBe(
      "Nunez Lukasz Wrobel Oster Dorde Celik Sahin",
    );
    expect(foldAccents("Иван 100%_ 🚙")).toBe("Иван 100%_ 🚙");
  });

  it("matches anywhere, with LIKE's wildcards taken literally", () => {
    expect(containing("Pérez 100%_")).toBe("%Perez 100\\%\\_%");
  });
});
