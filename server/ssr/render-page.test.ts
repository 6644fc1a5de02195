import { piecesText } from "@web/public/html-pieces";
import { describe, expect, it } from "vitest";
import { pageBytes } from "./render-page";

// A page's pieces written one after another into bytes (render-page.ts): they must be exactly the
// UTF-8 of the text they make, whatever its characters and size, and nothing of an earlier page.

const encode = (text: string) => new TextEncoder().encode(text);

describe("a page's bytes", () => {
  it("are the UTF-8 of its pieces in order: accents, dashes, emoji, a lone surrogate, pieces already encoded", () => {
    const pieces = [
      '<!doctype html><div id="root">',
      "Camión — 7 plazas ▾ ✨ 🚗",
      encode('{"name":"Jeep Wrangler – 4×4","note":"ñandú"}'),
      "broken \ud83d here",
      encode(""),
      "",
      "</html>",
    ];
    const bytes = pageBytes(pieces);
    expect(Buffer.from(bytes).equals(Buffer.from(encode(piecesText(pieces))))).toBe(true);
    expect(new TextDecoder().decode(bytes)).toContain("Camión — 7 plazas ▾ ✨ 🚗");
    expect(new TextDecoder().decode(bytes)).toContain("broken \ufffd here");
  });

  it("hold a page larger than any before it, and the next, smaller page has nothing of it", () => {
    const large = ["<p>", "é".repeat(700_000), encode("ü".repeat(300_000)), "</p>"];
    const small = ["<p>", "corta", "</p>"];
    expect(Buffer.from(pageBytes(large)).equals(Buffer.from(encode(piecesText(large))))).toBe(true);
    const after = pageBytes(small);
    expect(new TextDecoder().decode(after)).toBe("<p>corta</p>");
  });

  it("own their memory, so a render thread hands them over without the buffer they were written in", () => {
    const bytes = pageBytes(["<p>hola</p>"]);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});
