import { inflateSync } from "node:zlib";

type PdfObject = { dictionary: string; stream: Buffer | null };

/** The file's objects by number, each stream's bytes as written (read by its /Length, never searched). */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  const stream = />>\s*stream\r?\n/g;
  for (let found = header.exec(source); found; found = header.exec(source)) {
    const start = header.lastIndex;
    const end = source.indexOf("endobj", start);
    if (end < 0) break;
    stream.lastIndex = start;
    const data = stream.exec(source);
    if (data && data.index < end) {
      const dictionary = source.slice(start, data.index + 2);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      objects.set(Number(found[1]), { dictionary, stream: pdf.subarray(stream.lastIndex, stream.lastIndex + length) });
      header.lastIndex = stream.lastIndex + length;
    } else {
      objects.set(Number(found[1]), { dictionary: source.slice(start, end), stream: null });
      header.lastIndex = end;
    }
  }
  return objects;
}

const inflated = (object: PdfObject | undefined) => {
  if (!object?.stream) return null;
  return object.dictionary.includes("/FlateDecode") ? inflateSync(object.stream) : object.stream;
};

/**
 * What each glyph code of an embedded font stands for, from its ToUnicode map: PDFKit writes a
 * font's two-byte codes in ranges of `<first> <last> [<text> <text> …]`, each text UTF-16 in hex.
 */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ""), "hex").swap16().toString("utf16le");
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    const first = Number.parseInt(range[1] ?? "", 16);
    [...(range[2] ?? "").matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((text, index) => {
      codes.set(first + index, utf16(text[1] ?? ""));
    });
  }
  return codes;
}

/**
 * The text a PDF drawn by PDFKit shows, for tests to read: each page's compressed content stream
 * inflated, and the hex strings its text operators draw decoded through the font they are drawn in
 * (an embedded font's ToUnicode map; a standard font's Windows-1252). Words come out in drawing
 * order, one drawn string per line.
 */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  // PDFKit names each font once per document (/F1, /F2 …), the same on every page's resources.
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dictionary } of objects.values()) {
    for (const [, name, number] of dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(number))?.dictionary ?? "";
      const cmap = inflated(objects.get(Number(/\/ToUnicode (\d+) 0 R/.exec(font)?.[1])));
      if (!cmap) {
        decoders.set(`${name}`, (hex) => new TextDecoder("windows-1252").decode(Buffer.from(hex, "hex")));
        continue;
      }
      const codes = toUnicode(cmap.toString("latin1"));
      decoders.set(`${name}`, (hex) =>
        (hex.match(/[0-9a-fA-F]{4}/g) ?? []).map((code) => codes.get(Number.parseInt(code, 16)) ?? "\uFFFD").join(""),
      );
    }
  }
  const lines: string[] = [];
  for (const object of objects.values()) {
    if (!object.dictionary.includes("/FlateDecode") || /\/Subtype|\/Type|\/Length1/.test(object.dictionary)) continue;
    const content = inflated(object)?.toString("latin1") ?? "";
    let decode: ((hex: string) => string) | undefined;
    for (const operator of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[(.*?)\]\s*TJ/g)) {
      if (operator[1]) {
        decode = decoders.get(operator[1]);
        continue;
      }
      const shown = [...(operator[2] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)];
      lines.push(shown.map((hex) => decode?.(hex[1] ?? "") ?? "").join(""));
    }
  }
  return lines.join("\n");
}

/**
 * The colours a PDF drawn by PDFKit fills with: `text` those its text is drawn in, `shapes` those
 * its filled shapes are (rules, blocks), each as #rrggbb. Read by walking each page's operators:
 * the fill colour set (`scn`) when a text object begins (`BT`) or a path is filled (`f`).
 */
export function pdfFillColours(pdf: Buffer): { text: string[]; shapes: string[] } {
  const hex = (channels: string[]) =>
    `#${channels
      .map((channel) =>
        Math.round(Number(channel) * 255)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
  const text = new Set<string>();
  const shapes = new Set<string>();
  for (const object of objectsOf(pdf).values()) {
    if (!object.dictionary.includes("/FlateDecode") || /\/Subtype|\/Type|\/Length1/.test(object.dictionary)) continue;
    const tokens = (inflated(object)?.toString("latin1") ?? "").split(/\s+/);
    let fill = "#000000";
    tokens.forEach((token, index) => {
      if (token === "scn") fill = hex(tokens.slice(index - 3, index));
      else if (token === "BT") text.add(fill);
      else if (token === "f" || token === "f*") shapes.add(fill);
    });
  }
  return { text: [...text], shapes: [...shapes] };
}
