/**
 * A rental document as a PDF (issue 28: the agreement and the invoice), drawn with PDFKit, a
 * pure-JavaScript writer: the landing's logo (on its primary colour) and legal details at the top,
 * then titled sections of label-value rows and paragraphs, the customer's signature where there is
 * one, and on every page a footer with the reference and the page number. The text is set in
 * DejaVu Sans Condensed, embedded (`fonts.ts`): Latin with its extensions, Greek and Cyrillic
 * print as typed; a character the font lacks (CJK, emoji) is left out rather than shown as an
 * empty box.
 */

import { readableShade, WHITE } from "@domain/colors";
import type { Font } from "fontkit";
import { type PdfFonts, pdfFonts } from "./fonts";

export type PdfRow = [label: string, value: string];

export type PdfSection = {
  title?: string;
  rows?: PdfRow[];
  /** The last row is the total: bold, above a rule. */
  total?: boolean;
  /** Paragraphs, separated by blank lines in the owner's text. */
  text?: string;
};

/** The signature, drawn under its statement ("By signing, …") on the same page. */
export type PdfSignature = { statement: string; image: Buffer; caption: string[] };

export type PdfDocumentInput = {
  brand: { name: string; lines: string[]; logoPng: Buffer | null; color: string };
  title: string;
  subtitle: string;
  sections: PdfSection[];
  signature?: PdfSignature;
  /** "Contrato R-1234 · v2": printed left in every page's footer. */
  footer: string;
  /** "Página {{page}} de {{pages}}" in the document's language. */
  pageLabel: (page: number, pages: number) => string;
  /** Written into the file's metadata, so the same document drawn twice is the same file. */
  createdAt: Date;
};

const MARGIN = 50;
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#e5e7eb";

/** The weights text is drawn in, each registered with PDFKit under its key. */
type Weight = keyof PdfFonts["faces"];

/**
 * The text as the font draws it: composed (NFC: "é" is one character, as the font has it), tabs as
 * spaces, line breaks kept, and each character the font has no glyph for (CJK, emoji, control
 * characters) left out, as the font would print it as an empty box. A space that only separated
 * what was left out goes with it ("Tanaka 🚗 Ελένη" prints "Tanaka Ελένη", not with two spaces).
 */
function printable(text: string, font: Font): string {
  let kept = "";
  let leftOut = false;
  for (const char of text.normalize("NFC").replace(/\t/g, " ")) {
    const drawn = char === "\n" || (!/\p{Cc}/u.test(char) && font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));
    if (!drawn) {
      leftOut = true;
      continue;
    }
    if (char === " " && leftOut && (kept === "" || kept.endsWith(" ") || kept.endsWith("\n"))) continue;
    if (char !== " ") leftOut = false;
    kept += char;
  }
  return kept;
}

/** The file's metadata is Unicode text a viewer shows in its own font: only control characters go. */
const metadata = (text: string) => text.normalize("NFC").replace(/\p{Cc}+/gu, " ");

export async function drawPdf(input: PdfDocumentInput): Promise<Buffer> {
  // Loaded with the first document, not at start-up: PDFKit reads its fonts' metrics and Unicode
  // tables as it loads, which took longer than the rest of the server's start (docs/performance.md);
  // the embedded fonts are read and parsed then too, once (fonts.ts).
  const [{ default: PDFDocument }, { files, faces: fonts }] = await Promise.all([import("pdfkit"), pdfFonts()]);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: metadata(`${input.title} ${input.subtitle}`),
      Author: metadata(input.brand.name),
      Producer: "Nelly",
      Creator: "Nelly",
      CreationDate: input.createdAt,
      ModDate: input.createdAt,
    },
  });
  // Parsed for this document alone (fonts.ts).
  for (const weight of ["regular", "bold"] as const) doc.registerFont(weight, files[weight]);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  drawHeader(doc, fonts, input.brand, width);
  doc.moveDown(0.6);
  doc.font("bold").fontSize(18).fillColor(INK).text(printable(input.title, fonts.bold), MARGIN, doc.y, { width });
  doc.font("regular").fontSize(10).fillColor(MUTED).text(printable(input.subtitle, fonts.regular), { width });

  for (const section of input.sections) {
    doc.moveDown(0.9);
    if (section.title) {
      ensure(40);
      doc
        .font("bold")
        .fontSize(11.5)
        // The brand's colour, darkened until it reads on paper (a yellow brand's headings vanish on white).
        .fillColor(readableShade(input.brand.color))
        .text(printable(section.title, fonts.bold), MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
    if (section.rows) drawRows(doc, fonts, section.rows, section.total ?? false, width, ensure);
    if (section.text) {
      for (const paragraph of section.text.split(/\n\s*\n/)) {
        const text = printable(paragraph.trim(), fonts.regular);
        if (!text) continue;
        ensure(24);
        doc.font("regular").fontSize(9.5).fillColor(MUTED).text(text, MARGIN, doc.y, { width, lineGap: 1.5 });
        doc.moveDown(0.4);
      }
    }
  }
  if (input.signature) drawSignature(doc, fonts, input.signature, width, ensure);
  drawFooters(doc, fonts, input, width);
  doc.end();
  return done;
}

/** The most the logo takes in the header, and the primary colour's room around it. */
const LOGO_BOX = { width: 156, height: 40 };
const LOGO_PADDING = { x: 12, y: 10 };

/** A PNG's size in pixels, from its header (IHDR, the first chunk): the logo is always a PNG. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** `size` scaled up or down to fit `box`, its proportions kept (as PDFKit's `fit`). */
function fitted(size: { width: number; height: number }, box: { width: number; height: number }) {
  const scale = Math.min(box.width / size.width, box.height / size.height);
  return { width: size.width * scale, height: size.height * scale };
}

function drawHeader(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts["faces"],
  brand: PdfDocumentInput["brand"],
  width: number,
) {
  const top = MARGIN;
  let logoBottom = top;
  if (brand.logoPng) {
    // Owners make their logo for the site's header, where it sits on the primary colour (a white
    // wordmark, as the demo's): drawn on paper it could vanish. It sits on a block of that colour
    // here too, as on the site and in the emails, fitted to the logo with room around it.
    const { width: logoWidth, height: logoHeight } = fitted(pngSize(brand.logoPng), LOGO_BOX);
    const blockHeight = logoHeight + LOGO_PADDING.y * 2;
    doc.roundedRect(MARGIN, top, logoWidth + LOGO_PADDING.x * 2, blockHeight, 6).fill(brand.color);
    doc.image(brand.logoPng, MARGIN + LOGO_PADDING.x, top + LOGO_PADDING.y, { width: logoWidth, height: logoHeight });
    logoBottom = top + blockHeight;
  } else
    doc
      .font("bold")
      .fontSize(16)
      .fillColor(INK)
      .text(printable(brand.name, fonts.bold), MARGIN, top + 12);
  const right = MARGIN + width / 2;
  doc
    .font("bold")
    .fontSize(10)
    .fillColor(INK)
    .text(printable(brand.name, fonts.bold), right, top, { width: width / 2, align: "right" });
  doc.font("regular").fontSize(8.5).fillColor(MUTED);
  for (const line of brand.lines)
    doc.text(printable(line, fonts.regular), right, doc.y, { width: width / 2, align: "right" });
  const ruleY = Math.max(doc.y, top + 52, logoBottom) + 8;
  // A line, not text: 3:1 is enough for it to be seen on white (WCAG's non-text contrast).
  doc.rect(MARGIN, ruleY, width, 2.5).fill(readableShade(brand.color, WHITE, 3));
  doc.x = MARGIN;
  doc.y = ruleY + 10;
}

function drawRows(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts["faces"],
  rows: PdfRow[],
  total: boolean,
  width: number,
  ensure: (height: number) => void,
) {
  const labelWidth = width * 0.58;
  const valueWidth = width - labelWidth - 8;
  rows.forEach(([label, value], index) => {
    const last = total && index === rows.length - 1;
    const weight: Weight = last ? "bold" : "regular";
    doc.font(weight).fontSize(9.5);
    const [labelText, valueText] = [printable(label, fonts[weight]), printable(value, fonts[weight])];
    const height = Math.max(
      doc.heightOfString(labelText, { width: labelWidth }),
      doc.heightOfString(valueText, { width: valueWidth }),
    );
    ensure(height + 8);
    const y = doc.y + 3;
    if (last)
      doc
        .moveTo(MARGIN, y - 2)
        .lineTo(MARGIN + width, y - 2)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
    doc
      .fillColor(last ? INK : MUTED)
      .text(labelText, MARGIN, y, { width: labelWidth })
      .fillColor(INK)
      .text(valueText, MARGIN + labelWidth + 8, y, { width: valueWidth, align: "right" });
    doc.y = y + height + 3;
    if (!last) {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
  });
  doc.x = MARGIN;
}

function drawSignature(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts["faces"],
  signature: PdfSignature,
  width: number,
  ensure: (height: number) => void,
) {
  doc.moveDown(0.9);
  doc.font("regular").fontSize(9.5);
  const statement = printable(signature.statement, fonts.regular);
  ensure(doc.heightOfString(statement, { width, lineGap: 1.5 }) + 160);
  doc.fillColor(INK).text(statement, MARGIN, doc.y, { width, lineGap: 1.5 });
  doc.moveDown(0.8);
  const boxWidth = Math.min(260, width);
  const top = doc.y;
  doc.image(signature.image, MARGIN, top, { fit: [boxWidth, 90], valign: "bottom" });
  const lineY = top + 96;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + boxWidth, lineY)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.font("regular").fontSize(9).fillColor(MUTED);
  doc.y = lineY + 5;
  // The caption may run past the line: "(hora de America/Santo_Domingo)" is not broken at its slash.
  for (const line of signature.caption) doc.text(printable(line, fonts.regular), MARGIN, doc.y, { width });
}

function drawFooters(doc: PDFKit.PDFDocument, fonts: PdfFonts["faces"], input: PdfDocumentInput, width: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN;
    // Drawn inside the bottom margin: PDFKit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(8).fillColor(MUTED);
    doc.text(printable(input.footer, fonts.regular), MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(printable(input.pageLabel(index - start + 1, count), fonts.regular), MARGIN + width / 2, y, {
      width: width / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
