const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/**
 * Text or an attribute's value escaped as React escapes them (react-dom's escapeTextForBrowser),
 * for markup written by hand that must be the very markup React writes.
 */
export const escapeLikeReact = (text: string) =>
  text.replace(/["&'<>]/g, (character) => ESCAPES[character] ?? character);
