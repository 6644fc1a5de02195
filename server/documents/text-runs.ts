/**
 * A document's text in its fonts (fonts.ts): each character in the first that draws it, DejaVu Sans
 * Condensed, else, for Chinese, Japanese and Korean, Noto Sans SC or KR, else left out (an emoji, a
 * control character: a font would print it as an empty box).
 *
 * Text all in DejaVu, as most is, PDFKit lays out and draws as it always has. Text with CJK in it
 * is laid out here and each run drawn by PDFKit unwrapped, at the place worked out for it: PDFKit's
 * own way to change fonts within a paragraph (`continued` runs) sets each run on its own font's
 * ascender and line height and right-aligns each run by itself, so a name in two scripts stepped
 * off its line or overprinted itself in a right-aligned column. Here every line is a DejaVu line:
 * its height, and its baseline, which the Noto runs sit on at the same size (as Noto sets its own
 * Latin beside the ideographs, a Latin as tall as DejaVu's); the same width and alignment; broken
 * where PDFKit would break it, at spaces, and also between CJK characters, which are set without
 * spaces (not before closing punctuation or a small kana, nor after an opening bracket).
 */

import type { Font } from "fontkit";

export type Weight = "regular" | "bold";
export const WEIGHTS: readonly Weight[] = ["regular", "bold"];

/** Fonts by weight, for which characters they have (fonts.ts `faces`). */
type Faces = Record<Weight, Font>;

/**
 * The fonts a document's text is set in: DejaVu, registered with PDFKit under its weights' names,
 * and the CJK fonts it is given (none for a document without CJK), under "<name>-<weight>".
 */
export type TextFonts = { dejavu: Faces; cjk: { name: string; faces: Faces }[] };

/** A stretch of text in one font, by the name the font is registered under with PDFKit. */
export type Run = { text: string; font: string };

/** A character and the font it is drawn in. */
type Cell = { char: string; font: string };

export type TextStyle = { weight: Weight; size: number; color: string };

/** What of PDFKit's text options the documents use, with PDFKit's meaning. */
export type TextOptions = { width?: number; align?: "left" | "right"; lineGap?: number; lineBreak?: false };

/**
 * The characters Noto draws where DejaVu cannot: the scripts of Chinese, Japanese and Korean with
 * the punctuation they share, CJK symbols ("㈱") and full-width forms ("１"). Not emoji, though
 * Noto Sans SC has a few ("⚽", "〽"): those are left out as any other.
 */
const CJK =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}\u3000-\u303f\u3200-\u33ff\uff00-\uffef]/u;
const forCjk = (char: string) => CJK.test(char) && !/\p{Extended_Pictographic}/u.test(char);

/** Whether `text` has a character only the CJK fonts can draw: the document needs them (`cjkFonts`). */
export function needsCjk(text: string, dejavu: Faces): boolean {
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (forCjk(char) && !WEIGHTS.every((weight) => dejavu[weight].hasGlyphForCodePoint(code))) return true;
  }
  return false;
}

function fontFor(char: string, weight: Weight, fonts: TextFonts): string | null {
  if (char === "\n") return weight;
  if (/\p{Cc}/u.test(char)) return null;
  const code = char.codePointAt(0) ?? 0;
  if (fonts.dejavu[weight].hasGlyphForCodePoint(code)) return weight;
  if (!forCjk(char)) return null;
  const cjk = fonts.cjk.find(({ faces }) => faces[weight].hasGlyphForCodePoint(code));
  return cjk ? `${cjk.name}-${weight}` : null;
}

/**
 * The text as the fonts draw it, in runs of one font: composed (NFC: "é" is one character, as the
 * fonts have it), tabs as spaces, line breaks kept, and what no font draws left out. A space that
 * only separated what was left out goes with it ("Tanaka 🚗 Ελένη" prints "Tanaka Ελένη", not with
 * two spaces).
 */
export function printable(text: string, weight: Weight, fonts: TextFonts): Run[] {
  const kept: Cell[] = [];
  let leftOut = false;
  for (const char of text.normalize("NFC").replace(/\t/g, " ")) {
    const font = fontFor(char, weight, fonts);
    if (!font) {
      leftOut = true;
      continue;
    }
    const last = kept.at(-1)?.char;
    if (char === " " && leftOut && (last === undefined || last === " " || last === "\n")) continue;
    if (char !== " ") leftOut = false;
    kept.push({ char, font });
  }
  return runsOf(kept);
}

/** A line may not start with closing punctuation or a small kana, nor end with an opening bracket. */
const NO_BREAK_BEFORE =
  /[、。，．：；？！）」』】〕〉》］｝〟ゝゞー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・…‥,.:;?!)\]}%]/u;
const NO_BREAK_AFTER = /[（「『【〔〈《［｛〝([{]/u;

/** Where a line may break in `cells`: after spaces, and beside a CJK character. */
function pieces(cells: Cell[]): Cell[][] {
  const found: Cell[][] = [];
  let piece: Cell[] = [];
  for (const [index, cell] of cells.entries()) {
    const before = cells[index - 1]?.char;
    const breaks =
      before !== undefined &&
      cell.char !== " " &&
      (before === " " ||
        ((forCjk(before) || forCjk(cell.char)) && !NO_BREAK_BEFORE.test(cell.char) && !NO_BREAK_AFTER.test(before)));
    if (breaks && piece.length > 0) {
      found.push(piece);
      piece = [];
    }
    piece.push(cell);
  }
  if (piece.length > 0) found.push(piece);
  return found;
}

/** Cells joined into runs of one font. */
function runsOf(cells: Cell[]): Run[] {
  const runs: Run[] = [];
  for (const { char, font } of cells) {
    const run = runs.at(-1);
    if (run?.font === font) run.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

/**
 * Draws a document's text and measures it, in the style given: a string is made printable first
 * (`printable`), runs are drawn as they are. Leaves PDFKit where its `text` would (x back at the
 * start, y under the last line) and set in the style's DejaVu, for what follows (`moveDown`).
 */
export function textWriter(doc: PDFKit.PDFDocument, fonts: TextFonts) {
  const runsFor = (text: string | Run[], weight: Weight) =>
    typeof text === "string" ? printable(text, weight, fonts) : text;
  const plain = (runs: Run[], weight: Weight) => runs.every((run) => run.font === weight);
  const widthOf = (runs: Run[]) => runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
  /** The space PDFKit wraps text in at `x` (the page's, to its right margin, when not given). */
  const wrapWidth = (x: number, options: TextOptions) =>
    options.width ??
    (options.lineBreak === false ? Number.POSITIVE_INFINITY : doc.page.width - x - doc.page.margins.right);

  /** The lines PDFKit would set the text in: at line breaks, and where the next piece would not fit. */
  function lines(runs: Run[], width: number): Cell[][] {
    const hardLines: Cell[][] = [[]];
    for (const run of runs) {
      for (const char of run.text) {
        if (char === "\n") hardLines.push([]);
        else hardLines.at(-1)?.push({ char, font: run.font });
      }
    }
    // A closing line break ends the last line rather than starting an empty one.
    if (hardLines.length > 1 && hardLines.at(-1)?.length === 0) hardLines.pop();
    const set: Cell[][] = [];
    for (const hardLine of hardLines) {
      let line: Cell[] = [];
      let used = 0;
      const add = (cells: Cell[], width: number) => {
        line.push(...cells);
        used += width;
      };
      const next = () => {
        set.push(line);
        line = [];
        used = 0;
      };
      for (const piece of pieces(hardLine)) {
        // As PDFKit, a piece's closing spaces count for whether it fits.
        const pieceWidth = widthOf(runsOf(piece));
        if (used + pieceWidth <= width) {
          add(piece, pieceWidth);
          continue;
        }
        if (line.length > 0) next();
        if (pieceWidth <= width) {
          add(piece, pieceWidth);
          continue;
        }
        // Wider than a line by itself: broken between characters, where each line runs out.
        for (const cell of piece) {
          const cellWidth = widthOf(runsOf([cell]));
          if (line.length > 0 && used + cellWidth > width) next();
          add([cell], cellWidth);
        }
      }
      set.push(line);
    }
    return set;
  }

  function draw(
    text: string | Run[],
    style: TextStyle,
    x: number,
    y: number,
    options: TextOptions = {},
  ): PDFKit.PDFDocument {
    const runs = runsFor(text, style.weight);
    doc.font(style.weight).fontSize(style.size).fillColor(style.color);
    if (plain(runs, style.weight)) return doc.text(runs.map((run) => run.text).join(""), x, y, options);
    const lineHeight = doc.currentLineHeight(true);
    const face = fonts.dejavu[style.weight];
    const ascent = (face.ascent / face.unitsPerEm) * style.size;
    const width = wrapWidth(x, options);
    let top = y;
    for (const line of lines(runs, width)) {
      // A new page where PDFKit's wrapping would start one, in the same colour (a page starts black).
      if (Number.isFinite(width) && top + lineHeight > doc.page.maxY()) {
        doc.addPage().fillColor(style.color);
        top = doc.y;
      }
      while (line.at(-1)?.char === " ") line.pop();
      const drawn = runsOf(line);
      let at = options.align === "right" && Number.isFinite(width) ? x + width - widthOf(drawn) : x;
      for (const run of drawn) {
        // On the DejaVu line's baseline, whatever the run's font.
        doc.font(run.font).text(run.text, at, top + ascent, { lineBreak: false, baseline: "alphabetic" });
        at += doc.widthOfString(run.text);
      }
      top += lineHeight + (options.lineGap ?? 0);
    }
    doc.font(style.weight);
    doc.x = x;
    doc.y = options.lineBreak === false && options.width === undefined ? y : top;
    return doc;
  }

  /** The height `draw` takes, as PDFKit's `heightOfString`. */
  function height(text: string | Run[], style: TextStyle, options: TextOptions = {}): number {
    const runs = runsFor(text, style.weight);
    doc.font(style.weight).fontSize(style.size);
    if (plain(runs, style.weight)) return doc.heightOfString(runs.map((run) => run.text).join(""), options);
    const count = lines(runs, wrapWidth(doc.x, options)).length;
    doc.font(style.weight);
    return count * (doc.currentLineHeight(true) + (options.lineGap ?? 0));
  }

  return { printable: (text: string, weight: Weight) => runsFor(text, weight), draw, height };
}
