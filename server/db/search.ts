import { type SQL, sql } from "drizzle-orm";

/**
 * Searching the owner's lists the way people type: "gomez" finds "Gómez", "lukasz" finds
 * "Łukasz", "NUNEZ" finds "Núñez". The stored text and the search are both folded to plain
 * letters with PostgreSQL's `translate()`, which is immutable (so the trigram index is built on
 * the folded text) and needs no extension; ILIKE then ignores the case.
 */

/** Each accented letter, in the same place as its plain letter in `PLAIN`. */
const ACCENTED =
  "ÁÀÂÄÃÅĀĂĄáàâäãåāăąÉÈÊËĒĖĘĚéèêëēėęěÍÌÎÏĪĮíìîïīįÓÒÔÖÕØŌŐóòôöõøōőÚÙÛÜŪŮŰúùûüūůűÝŸýÿÑŃŇñńňÇĆČçćčŚŠŞśšşŹŻŽźżžŁĽĹłľĺĐĎđďŤŢťţŘŔřŕĞğ";
/** Letters that do not decompose into a plain letter and a mark. */
const UNDECOMPOSED: Record<string, string> = { Ø: "O", ø: "o", Ł: "L", ł: "l", Đ: "D", đ: "d" };
const PLAIN = [...ACCENTED].map((letter) => UNDECOMPOSED[letter] ?? letter.normalize("NFD").charAt(0)).join("");
const FOLD = new Map([...ACCENTED].map((letter, index) => [letter, PLAIN.charAt(index)]));

/** `text` with its accented letters plain, as `folded` makes a column's. */
export const foldAccents = (text: string) => [...text].map((letter) => FOLD.get(letter) ?? letter).join("");

/**
 * `expression` folded to plain letters. Written with literal arguments, not parameters: an index
 * on this expression is used only by a query that writes it the same way.
 */
export const folded = (expression: unknown): SQL =>
  sql`translate(${expression}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;

/** `text` matched anywhere (for LIKE), folded, with the LIKE wildcards in it taken literally. */
export const containing = (text: string) => `%${foldAccents(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether `expression` contains `text`, ignoring accents and case. */
export const containsFolded = (expression: unknown, text: string): SQL =>
  sql`${folded(expression)} ilike ${containing(text)}`;
