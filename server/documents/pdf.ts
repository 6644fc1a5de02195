/**
 * A rental document as a PDF (issue 28: the agreement and the invoice), drawn with PDFKit, a
 * pure-JavaScript writer: the landing's logo (on its primary colour) and legal details at the top,
 * then titled sections of label-value rows and paragraphs, the customer's signature where there is
 * one, and on every page a footer with the reference and the page number. The text is set in
 * DejaVu Sans Condensed, embedded (`fonts.ts`): Latin with its extensions, Greek and Cyrillic
 * print as typed. Chinese, Japanese and Korean print as typed too, in Noto Sans SC and KR
 * (`@expo-google-fonts/noto-sans-sc` and `-kr`), read only for a document that has such a
 * character and set on DejaVu's lines (`text-runs.ts`); a character no font has (an emoji) is left
 * out rather than shown as an empty box.
 */

import { readableShade, WHITE } from "@domain/colors";
import { cjkFonts, pdfFonts } from "./fonts";
import { needsCjk, type TextStyle, textWriter, WEIGHTS, type Weight } from "./text-runs";

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
/**
 * Room above and below a row's text, and between sections, in points: an invoice with its return's
 * charges and five payments fits on one A4 page. At 3 and 10 (a line's 0.9), one with four charges
 * and three payments printed its payments alone on page 2.
 */
const ROW_PADDING = 2;
const SECTION_GAP = 8;
const NOTE_GAP = 4;
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#e5e7eb";

/** Draws and measures the document's text in its fonts (text-runs.ts). */
type Writer = ReturnType<typeof textWriter>;

/** Every text a document prints, to know whether it needs the CJK fonts before drawing starts. */
const textsOf = (input: PdfDocumentInput) => [
  input.brand.name,
  ...input.brand.lines,
  input.title,
  input.subtitle,
  ...input.sections.flatMap((section) => [section.title ?? "", ...(section.rows ?? []).flat(), section.text ?? ""]),
  ...(input.signature ? [input.signature.statement, ...input.signature.caption] : []),
  input.footer,
  input.pageLabel(1, 1),
];

/** The file's metadata is Unicode text a viewer shows in its own font: only control characters go. */
const metadata = (text: string) => text.normalize("NFC").replace(/\p{Cc}+/gu, " ");

export async function drawPdf(input: PdfDocumentInput): Promise<Buffer> {
  // Loaded with the first document, not at start-up: PDFKit reads its fonts' metrics and Unicode
  // tables as it loads, which took longer than the rest of the server's start (docs/performance.md);
  // the embedded fonts are read and parsed then too, once (fonts.ts), the CJK ones with the first
  // document that has a character for them.
  const [{ default: PDFDocument }, dejavu] = await Promise.all([import("pdfkit"), pdfFonts()]);
  const cjk = textsOf(input).some((text) => needsCjk(text, dejavu.faces)) ? await cjkFonts() : [];
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
  // Parsed for this document alone (fonts.ts), when first drawn or measured in.
  for (const weight of WEIGHTS) {
    doc.registerFont(weight, dejavu.files[weight]);
    for (const font of cjk) doc.registerFont(`${font.name}-${weight}`, font.files[weight]);
  }
  const text = textWriter(doc, { dejavu: dejavu.faces, cjk });
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

  drawHeader(doc, text, input.brand, width);
  doc.moveDown(0.6);
  text.draw(input.title, { weight: "bold", size: 18, color: INK }, MARGIN, doc.y, { width });
  text.draw(input.subtitle, { weight: "regular", size: 10, color: MUTED }, MARGIN, doc.y, { width });

  // The brand's colour, darkened until it reads on paper (a yellow brand's headings vanish on white).
  const heading = { weight: "bold", size: 11.5, color: readableShade(input.brand.color) } as const;
  const paragraph = { weight: "regular", size: 9.5, color: MUTED } as const;
  const paragraphsOf = (section: PdfSection) =>
    (section.text ?? "")
      .split(/\n\s*\n/)
      .map((each) => text.printable(each.trim(), "regular"))
      .filter((runs) => runs.length > 0);
  // A table's note under it (the agreement's rates are before tax) is measured with it, to go with it.
  const tableHeight = (section: PdfSection) =>
    (section.title ? text.height(text.printable(section.title, "bold"), heading, { width }) + 8 : 0) +
    (section.rows
      ? rowsHeight(text, section.rows, section.total ?? false, width) +
        paragraphsOf(section).reduce(
          (sum, runs) => sum + NOTE_GAP + text.height(runs, paragraph, { width, lineGap: 1.5 }) + 5,
          0,
        )
      : 0);
  input.sections.forEach((section, index) => {
    doc.y += SECTION_GAP;
    // A table that fits on a page is not split over two: an invoice's payments with what is left to
    // pay, a booking's lines with their total, start together overleaf rather than end there alone.
    // The untitled tables right after it go with it: the invoice's total is its charges' last word.
    const page = bottom() - MARGIN;
    const own = tableHeight(section);
    let block = own;
    for (const next of input.sections.slice(index + 1)) {
      if (next.title || !next.rows) break;
      block += SECTION_GAP + tableHeight(next);
    }
    if (section.rows) ensure(block <= page ? block : own <= page ? own : 0);
    if (section.title) {
      ensure(40);
      text.draw(section.title, heading, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
    if (section.rows) drawRows(doc, text, section.rows, section.total ?? false, width, ensure);
    for (const runs of paragraphsOf(section)) {
      // Apart from the table's last rule above it.
      if (section.rows) doc.y += NOTE_GAP;
      ensure(24);
      text.draw(runs, paragraph, MARGIN, doc.y, { width, lineGap: 1.5 });
      doc.moveDown(0.4);
    }
  });
  if (input.signature) drawSignature(doc, text, input.signature, width, ensure);
  drawFooters(doc, text, input, width);
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

function drawHeader(doc: PDFKit.PDFDocument, text: Writer, brand: PdfDocumentInput["brand"], width: number) {
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
  } else text.draw(brand.name, { weight: "bold", size: 16, color: INK }, MARGIN, top + 12);
  const right = MARGIN + width / 2;
  const column = { width: width / 2, align: "right" } as const;
  text.draw(brand.name, { weight: "bold", size: 10, color: INK }, right, top, column);
  for (const line of brand.lines) text.draw(line, { weight: "regular", size: 8.5, color: MUTED }, right, doc.y, column);
  const ruleY = Math.max(doc.y, top + 52, logoBottom) + 8;
  // A line, not text: 3:1 is enough for it to be seen on white (WCAG's non-text contrast).
  doc.rect(MARGIN, ruleY, width, 2.5).fill(readableShade(brand.color, WHITE, 3));
  doc.x = MARGIN;
  doc.y = ruleY + 10;
}

/** A row of a table as drawn: its label and value in their columns, the total's in bold. */
function rowLayout(text: Writer, [label, value]: PdfRow, last: boolean, width: number) {
  const labelWidth = width * 0.58;
  const valueWidth = width - labelWidth - 8;
  const weight: Weight = last ? "bold" : "regular";
  const style = (color: string): TextStyle => ({ weight, size: 9.5, color });
  const [labelRuns, valueRuns] = [text.printable(label, weight), text.printable(value, weight)];
  const height = Math.max(
    text.height(labelRuns, style(INK), { width: labelWidth }),
    text.height(valueRuns, style(INK), { width: valueWidth }),
  );
  return { labelWidth, valueWidth, style, labelRuns, valueRuns, height };
}

/** How tall `drawRows` draws these rows: each row's text and the room above and below it. */
function rowsHeight(text: Writer, rows: PdfRow[], total: boolean, width: number) {
  return rows.reduce(
    (sum, row, index) => sum + rowLayout(text, row, total && index === rows.length - 1, width).height + ROW_PADDING * 2,
    2,
  );
}

function drawRows(
  doc: PDFKit.PDFDocument,
  text: Writer,
  rows: PdfRow[],
  total: boolean,
  width: number,
  ensure: (height: number) => void,
) {
  rows.forEach((row, index) => {
    const last = total && index === rows.length - 1;
    const { labelWidth, valueWidth, style, labelRuns, valueRuns, height } = rowLayout(text, row, last, width);
    ensure(height + ROW_PADDING * 2 + 2);
    const y = doc.y + ROW_PADDING;
    if (last)
      doc
        .moveTo(MARGIN, y - 2)
        .lineTo(MARGIN + width, y - 2)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
    text.draw(labelRuns, style(last ? INK : MUTED), MARGIN, y, { width: labelWidth });
    text.draw(valueRuns, style(INK), MARGIN + labelWidth + 8, y, { width: valueWidth, align: "right" });
    doc.y = y + height + ROW_PADDING;
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
  text: Writer,
  signature: PdfSignature,
  width: number,
  ensure: (height: number) => void,
) {
  doc.moveDown(0.9);
  const statement = text.printable(signature.statement, "regular");
  const style = { weight: "regular", size: 9.5, color: INK } as const;
  ensure(text.height(statement, style, { width, lineGap: 1.5 }) + 160);
  text.draw(statement, style, MARGIN, doc.y, { width, lineGap: 1.5 });
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
  doc.y = lineY + 5;
  // The caption may run past the line: its words are not broken.
  for (const line of signature.caption)
    text.draw(line, { weight: "regular", size: 9, color: MUTED }, MARGIN, doc.y, { width });
}

function drawFooters(doc: PDFKit.PDFDocument, text: Writer, input: PdfDocumentInput, width: number) {
  const { start, count } = doc.bufferedPageRange();
  const style = { weight: "regular", size: 8, color: MUTED } as const;
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN;
    // Drawn inside the bottom margin: PDFKit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    text.draw(input.footer, style, MARGIN, y, { width: width / 2, lineBreak: false });
    text.draw(input.pageLabel(index - start + 1, count), style, MARGIN + width / 2, y, {
      width: width / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
