/**
 * A text's length as the server's limits count it: in characters (Unicode code points), as zod's
 * `max` does, so an emoji or another character outside the basic plane counts one, not the two
 * UTF-16 units of `String.length`. A counter or a check in the browser that used `length` refused
 * a comment of 637 characters with emoji as "1,237 of 1,000", which the server accepted.
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _character of text) count++;
  return count;
}
