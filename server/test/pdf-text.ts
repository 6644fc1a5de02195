import { inflateSync } from "node:zlib";

/**
 * The text a PDF drawn by PDFKit shows, for tests to read: each compressed content stream inflated,
 * and the hex strings its text operators draw decoded as Windows-1252 (the standard fonts'
 * encoding). Words come out in drawing order, one drawn string per line.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // an image or a font file, not a page's content
    }
    for (const shown of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const text = [...(shown[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => new TextDecoder("windows-1252").decode(Buffer.from(hex[1] ?? "", "hex")))
        .join("");
      lines.push(text);
    }
  }
  return lines.join("\n");
}
