/**
 * A rental document as a PDF (issue 28: the agreement and the invoice), drawn with PDFKit, a
 * pure-JavaScript writer: the landing's logo and legal details at the top, then titled sections of
 * label-value rows and paragraphs, the customer's signature where there is one, and on every page
 * a footer with the reference and the page number. The standard Helvetica font draws Latin
 * scripts; a character it lacks is left out rather than shown as another.
 */

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

/**
 * Helvetica's WinAnsi covers Latin-1 and a few signs; anything else would print as a wrong glyph.
 * Tabs become spaces; line breaks stay.
 */
const printable = (text: string) =>
  text
    .normalize("NFC")
    .replace(/\t/g, " ")
    .replace(/[^\n\u0020-\u007E\u00A0-\u00FF€–—‘’“”•…]/g, "");

export async function drawPdf(input: PdfDocumentInput): Promise<Buffer> {
  // Loaded with the first document, not at start-up: PDFKit reads its fonts' metrics and Unicode
  // tables as it loads, which took longer than the rest of the server's start (docs/performance.md).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: printable(`${input.title} ${input.subtitle}`),
      Author: printable(input.brand.name),
      Producer: "Nelly",
      Creator: "Nelly",
      CreationDate: input.createdAt,
      ModDate: input.createdAt,
    },
  });
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

  drawHeader(doc, input.brand, width);
  doc.moveDown(0.6);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(printable(input.title), MARGIN, doc.y, { width });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(printable(input.subtitle), { width });

  for (const section of input.sections) {
    doc.moveDown(0.9);
    if (section.title) {
      ensure(40);
      doc
        .font("Helvetica-Bold")
        .fontSize(11.5)
        .fillColor(input.brand.color)
        .text(printable(section.title), MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
    if (section.rows) drawRows(doc, section.rows, section.total ?? false, width, ensure);
    if (section.text) {
      for (const paragraph of section.text.split(/\n\s*\n/)) {
        const text = printable(paragraph.trim());
        if (!text) continue;
        ensure(24);
        doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(text, MARGIN, doc.y, { width, lineGap: 1.5 });
        doc.moveDown(0.4);
      }
    }
  }
  if (input.signature) drawSignature(doc, input.signature, width, ensure);
  drawFooters(doc, input, width);
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, brand: PdfDocumentInput["brand"], width: number) {
  const top = MARGIN;
  if (brand.logoPng) doc.image(brand.logoPng, MARGIN, top, { fit: [150, 48] });
  else
    doc
      .font("Helvetica-Bold")
      .fontSize(16)
      .fillColor(INK)
      .text(printable(brand.name), MARGIN, top + 12);
  const right = MARGIN + width / 2;
  doc
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(INK)
    .text(printable(brand.name), right, top, { width: width / 2, align: "right" });
  doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
  for (const line of brand.lines) doc.text(printable(line), right, doc.y, { width: width / 2, align: "right" });
  const ruleY = Math.max(doc.y, top + 52) + 8;
  doc.rect(MARGIN, ruleY, width, 2.5).fill(brand.color);
  doc.x = MARGIN;
  doc.y = ruleY + 10;
}

function drawRows(
  doc: PDFKit.PDFDocument,
  rows: PdfRow[],
  total: boolean,
  width: number,
  ensure: (height: number) => void,
) {
  const labelWidth = width * 0.58;
  const valueWidth = width - labelWidth - 8;
  rows.forEach(([label, value], index) => {
    const last = total && index === rows.length - 1;
    const font = last ? "Helvetica-Bold" : "Helvetica";
    doc.font(font).fontSize(9.5);
    const height = Math.max(
      doc.heightOfString(printable(label), { width: labelWidth }),
      doc.heightOfString(printable(value), { width: valueWidth }),
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
      .text(printable(label), MARGIN, y, { width: labelWidth })
      .fillColor(INK)
      .text(printable(value), MARGIN + labelWidth + 8, y, { width: valueWidth, align: "right" });
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
  signature: PdfSignature,
  width: number,
  ensure: (height: number) => void,
) {
  doc.moveDown(0.9);
  doc.font("Helvetica").fontSize(9.5);
  const statement = printable(signature.statement);
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
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.y = lineY + 5;
  for (const line of signature.caption) doc.text(printable(line), MARGIN, doc.y, { width: boxWidth });
}

function drawFooters(doc: PDFKit.PDFDocument, input: PdfDocumentInput, width: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN;
    // Drawn inside the bottom margin: PDFKit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(printable(input.footer), MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(printable(input.pageLabel(index - start + 1, count)), MARGIN + width / 2, y, {
      width: width / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
