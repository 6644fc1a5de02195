import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "fontkit";

/**
 * The documents' typeface: DejaVu Sans Condensed, regular and bold, TrueType files from the
 * `dejavu-fonts-ttf` package (the Bitstream Vera licence: free to redistribute with the product).
 * It draws Latin with its extensions, Greek and Cyrillic, so a customer's, driver's or operator's
 * name prints as typed; PDFKit embeds the glyphs a document uses. The condensed cut sets a line
 * about as wide as the Helvetica the documents were laid out in (DejaVu Sans, 13 % wider, wrapped
 * more rows).
 *
 * Each file is read and parsed once per process, with the first document (when PDFKit loads too),
 * and every document hands PDFKit the same parsed fonts, which it subsets for that document alone.
 * Parsed again for each document instead, an agreement took nearly three times as long to draw
 * (about 45 ms against 17).
 */
export type PdfFonts = { regular: Font; bold: Font };

type GlyphCache = { _glyphs: Record<number, unknown> };

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);

async function load(): Promise<PdfFonts> {
  const [{ create }, regular, bold] = await Promise.all([
    import("fontkit"),
    readFile(fontFile("DejaVuSansCondensed.ttf")),
    readFile(fontFile("DejaVuSansCondensed-Bold.ttf")),
  ]);
  const parse = (file: Buffer) => {
    const font = create(file);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${font.type}: a font collection, not one font`);
    // Checked here rather than found missing in a customer's document after an upgrade.
    if (typeof (font as unknown as Partial<GlyphCache>)._glyphs !== "object")
      throw new Error("fontkit no longer keeps its glyphs in _glyphs (server/documents/fonts.ts)");
    return font;
  };
  return { regular: parse(regular), bold: parse(bold) };
}

let fonts: Promise<PdfFonts> | undefined;

/** The fonts, loaded by the first call; a failed load is tried again by the next document. */
export function pdfFonts(): Promise<PdfFonts> {
  fonts ??= load().catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/**
 * Starts a document on fonts with no glyph read yet, as a font parsed for it alone would be. fontkit
 * keeps each glyph it reads with the characters it was first read for, and PDFKit copies those into
 * the document as the text a viewer searches and copies. A glyph first read as part of another in
 * an earlier document (PDFKit's subset reads the Latin T inside the Cyrillic Т) came with none, and
 * "Tanaka" then copied as "anaka". The tables parsed (character map, kerning, glyph metrics) stay.
 * Called right before the document is drawn, in the same synchronous run up to `doc.end()`, so no
 * other document reads a glyph in between.
 */
export function forgetGlyphs(fonts: PdfFonts): void {
  for (const font of [fonts.regular, fonts.bold]) (font as unknown as GlyphCache)._glyphs = {};
}
