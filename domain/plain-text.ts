import { z } from "zod";
import type { ApiMessageKey } from "./messages";

/**
 * Characters that change how text around them is drawn without being seen: the bidirectional
 * embeddings, overrides and isolates and the direction marks. A right-to-left override in a
 * customer's name turns "ananoM" into "Monana" in the owner's list, emails and CSV (issue 23).
 * Arabic and Hebrew text needs none of them; they are removed from everything a visitor types.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * Invisible characters a name never needs: the zero-width space, the word joiner, the invisible
 * operators and the BOM. The zero-width joiner and non-joiner stay: emoji ("👩🏽‍💻") and several
 * scripts (Persian, Indic) are written with them; a name of only those still has no letter.
 */
const ZERO_WIDTH = /[\u200B\u2060-\u2064\uFEFF]/g;

export const withoutDirectionControls = (text: string) => text.replace(DIRECTION_CONTROLS, "");

/**
 * Line breaks and tabs, with Unicode's next-line, line and paragraph separators: a name is one
 * line. "Smith\r\nBcc: x" put a line of its own in the owner's email, the CSV's cell and the
 * dashboard (a walk's finding).
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** A person's or a business's name as it is seen: one line, no direction controls and nothing zero-width. */
export const visibleName = (text: string) =>
  withoutDirectionControls(text).replace(ZERO_WIDTH, "").replace(LINE_BREAKS, " ");

/** Whether the text has a letter of any script ("Zoë", "李", "أحمد"), not only digits, signs or emoji. */
export const hasLetter = (text: string) => /\p{L}/u.test(text);

/**
 * Free text a visitor types (a comment, a place): trimmed, without direction controls, at most
 * `max` characters; empty when left out.
 */
export const freeText = (max: number, tooLong: ApiMessageKey) =>
  z.string().transform(withoutDirectionControls).pipe(z.string().trim().max(max, tooLong));

/**
 * A required name: without invisible characters, trimmed, 1 to `max` characters, with at least
 * one letter (a name of only zero-width or direction characters is no name). `needsLetter` names
 * the field in the refusal (a last name is not "the name").
 */
export const nameText = (max: number, tooLong: ApiMessageKey, needsLetter: ApiMessageKey = "nameNeedsLetter") =>
  z
    .string("required")
    .transform(visibleName)
    .pipe(
      z
        .string()
        .trim()
        .min(1, "required")
        .max(max, tooLong)
        // An empty name already says "required".
        .refine((name) => name === "" || hasLetter(name), needsLetter),
    );
