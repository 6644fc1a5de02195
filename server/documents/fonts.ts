import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "fontkit";

/**
 * The documents' typefaces. The text is set in DejaVu Sans Condensed, regular and bold, TrueType
 * files from the `dejavu-fonts-ttf` package (the Bitstream Vera licence: free to redistribute with
 * the product). It draws Latin with its extensions, Greek and Cyrillic, so a customer's, driver's or
 * operator's name prints as typed; PDFKit embeds the glyphs a document uses. The condensed cut sets
 * a line about as wide as the Helvetica the documents were laid out in (DejaVu Sans, 13 % wider,
 * wrapped more rows).
 *
 * What DejaVu has no glyph for in Chinese, Japanese and Korean is drawn in Noto Sans, regular and
 * bold (`cjkFonts`), TrueType files from Expo's packages of Google Fonts (SIL Open Font Licence):
 * Noto Sans SC (`@expo-google-fonts/noto-sans-sc`: the ideographs of simplified and traditional
 * Chinese and of Japanese, kana, CJK punctuation and full-width forms), then Noto Sans KR
 * (`@expo-google-fonts/noto-sans-kr`: Hangul, which the SC cut lacks). Single TrueType files, not
 * web fonts split by range: fontkit subsets TrueType outlines to the few glyphs a document uses (a
 * name costs a few kilobytes), which it cannot do from WOFF2 (it writes empty glyphs) and does from
 * CFF outlines (OpenType .otf) only with every subroutine slot (some 40 kB a face).
 *
 * Each set of files is read once per process, DejaVu with the first document (when PDFKit loads
 * too), Noto with the first document that has a character for it (most are in Latin; the files
 * are 33 MB). Each document parses its own copy (`files`): fontkit keeps every glyph it reads with
 * the characters it was first read for, so fonts shared between documents made one document's
 * copied text depend on what earlier ones printed ("Tanaka" copied as "anaka" after a Cyrillic
 * "Т"). The parsed fonts kept here (`faces`) answer only which characters they have, which reads
 * no glyph.
 */
export type PdfFonts = {
  files: { regular: Buffer; bold: Buffer };
  faces: { regular: Font; bold: Font };
};

/** A CJK typeface by the name its weights are registered under in a document ("sc-bold"). */
export type CjkFont = PdfFonts & { name: "sc" | "kr" };

const resolve = (file: string) => createRequire(import.meta.url).resolve(file);

async function load(files: { regular: string; bold: string }): Promise<PdfFonts> {
  const [{ create }, regular, bold] = await Promise.all([
    import("fontkit"),
    readFile(resolve(files.regular)),
    readFile(resolve(files.bold)),
  ]);
  const parse = (file: Buffer) => {
    const font = create(file);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${font.type}: a font collection, not one font`);
    return font;
  };
  return { files: { regular, bold }, faces: { regular: parse(regular), bold: parse(bold) } };
}

/** `load` called by the first call, its promise kept; a failed load is tried again by the next document. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** DejaVu Sans Condensed, loaded by the first call. */
export const pdfFonts = once(() =>
  load({
    regular: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf",
    bold: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf",
  }),
);

/** Noto Sans SC, then Noto Sans KR, in the order a character is looked for; loaded by the first call. */
export const cjkFonts = once(async (): Promise<CjkFont[]> => {
  const [sc, kr] = await Promise.all([
    load({
      regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
      bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
    }),
    load({
      regular: "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
      bold: "@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf",
    }),
  ]);
  return [
    { name: "sc", ...sc },
    { name: "kr", ...kr },
  ];
});
