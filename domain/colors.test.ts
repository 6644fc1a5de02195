import { describe, expect, it } from "vitest";
import {
  AA,
  contrastRatio,
  fullHex,
  INK,
  isHexColor,
  landingTheme,
  mix,
  NEUTRAL_PRIMARY,
  NEUTRAL_SECONDARY,
  primaryEdge,
  readableShade,
  readableText,
  relativeLuminance,
  WHITE,
} from "./colors";

describe("isHexColor", () => {
  it("takes six hex digits, with or without #, in either case", () => {
    expect(isHexColor("#1d4ed8")).toBe(true);
    expect(isHexColor("1D4ED8")).toBe(true);
    for (const value of ["#1d4ed", "#1d4ed8f", "#gggggg", "", null, undefined]) {
      expect(isHexColor(value), String(value)).toBe(false);
    }
    // Whatever arrives from JSON at run time: a number that looks like six digits is no colour.
    expect(isHexColor(123456 as unknown as string)).toBe(false);
  });
});

describe("luminance and contrast (WCAG 2)", () => {
  it("measures relative luminance, reading anything else as black", () => {
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#808080")).toBeCloseTo(0.2159, 4);
    // Either side of the sRGB curve's linear part (0.03928).
    expect(relativeLuminance("#0a0a0a")).toBeCloseTo(0.003035, 6);
    expect(relativeLuminance("#0b0b0b")).toBeCloseTo(0.003347, 6);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance("#00ff00")).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance("#0000ff")).toBeCloseTo(0.0722, 4);
    expect(relativeLuminance("not a colour")).toBe(0);
  });

  it("gives the same ratio either way round, 21 at most and 1 at least", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#1d4ed8", "#1d4ed8")).toBe(1);
    expect(contrastRatio("#ffffff", "#1d4ed8")).toBeCloseTo(6.7016, 4);
  });
});

describe("mix", () => {
  it("moves from one colour toward the other, within 00 and ff", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(mix("#1d4ed8", "#ffffff", 0)).toBe("#1d4ed8");
    expect(mix("#1d4ed8", "#ffffff", 1)).toBe("#ffffff");
    expect(mix("000000", "ff0000", 0.25)).toBe("#400000");
    expect(mix("#808080", "#ffffff", 2)).toBe("#ffffff");
    expect(mix("#808080", "#000000", 2)).toBe("#000000");
  });
});

describe("readableText", () => {
  it.each([
    ["#ffffff", INK],
    ["#f59e0b", INK],
    ["#000000", WHITE],
    ["#1d4ed8", WHITE],
    ["#767676", WHITE],
    ["#6b7280", WHITE],
  ])("on %s writes in %s", (background, text) => {
    expect(readableText(background)).toBe(text);
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it("falls back to pure black when neither white nor ink reaches AA", () => {
    // White 4.48:1, ink 3.96:1, black 4.69:1.
    expect(readableText("#777777")).toBe("#000000");
    expect(readableText("#808080")).toBe("#000000");
  });
});

describe("readableShade", () => {
  it("keeps a colour that reads, and darkens or lightens one that does not", () => {
    expect(readableShade("#1d4ed8")).toBe("#1d4ed8");
    expect(readableShade("#ffff00")).toBe("#737300");
    expect(contrastRatio("#737300", WHITE)).toBeGreaterThanOrEqual(AA);
    // One step lighter would not do: the first shade that reaches AA, not any.
    expect(contrastRatio(mix("#ffff00", "#000000", 10 / 20), WHITE)).toBeLessThan(AA);
    expect(readableShade("#333333", "#000000")).toBe("#7a7a7a");
    expect(readableShade("#1d4ed8", WHITE, 7)).not.toBe("#1d4ed8");
  });

  it("ends at black or white when no shade reaches the minimum", () => {
    expect(readableShade("#ffff00", WHITE, 30)).toBe("#000000");
    expect(readableShade("#333333", "#000000", 30)).toBe("#ffffff");
  });
});

describe("landingTheme", () => {
  it("derives readable colours from the owner's two colours", () => {
    expect(landingTheme("#1D4ED8", "#F59E0B")).toEqual({
      primary: "#1d4ed8",
      onPrimary: "#ffffff",
      primaryMuted: "#466edf",
      secondary: "#f59e0b",
      onSecondary: "#111827",
      primaryInk: "#1d4ed8",
      secondaryInk: "#935f07",
      secondaryTint: "#fef0da",
    });
  });

  it("edges a primary too light to stand out from white with its readable shade", () => {
    for (const light of ["#ffffff", "#ffff00", "#fde68a"]) {
      const theme = landingTheme(light, "#0f766e");
      expect(primaryEdge(theme)).toBe(theme.primaryInk);
      expect(contrastRatio(primaryEdge(theme), WHITE)).toBeGreaterThanOrEqual(3);
    }
    expect(primaryEdge(landingTheme("#0f766e", "#ffffff"))).toBe("transparent");
  });

  it("uses neutral colours until the owner picks valid ones", () => {
    expect(landingTheme("nope", undefined)).toMatchObject({
      primary: NEUTRAL_PRIMARY,
      secondary: NEUTRAL_SECONDARY,
      onPrimary: "#ffffff",
      secondaryTint: "#e9eaec",
    });
    expect(landingTheme(null, "#F59E0B").secondary).toBe("#f59e0b");
  });
});

describe("fullHex", () => {
  it("reads CSS's short form as the six digits it stands for, with or without its hash", () => {
    expect(fullHex("#0a7")).toBe("#00aa77");
    expect(fullHex("0A7")).toBe("#00AA77");
    expect(fullHex(" #fff ")).toBe("#ffffff");
  });

  it("leaves anything else as it was, for the form to say what is wrong with it", () => {
    for (const text of ["#0a7f3c", "#0a", "12,34,56", "", "#0a7f"]) expect(fullHex(text)).toBe(text);
  });
});
