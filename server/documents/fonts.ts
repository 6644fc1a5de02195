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
 * The files are read once per process, with the first document (when PDFKit loads too). Each
 * document parses its own copy (`files`): fontkit keeps every glyph it reads with the characters it
 * was first read for, so fonts shared between documents made one document's copied text depend on
 * what earlier ones printed ("Tanaka" copied as "anaka" after a Cyrillic "Т"). The parsed fonts
 * kept here (`faces`) answer only which characters they have, which reads no glyph.
 */
export type PdfFonts = {
  files: { regular: Buffer; bold: Buffer };
  faces: { regular: Font; bold: Font };
};

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
    return font;
  };
  return { files: { regular, bold }, faces: { regular: parse(regular), bold: parse(bold) } };
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
