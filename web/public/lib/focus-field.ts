/**
 * Takes the visitor to a field the page refused: focused, and scrolled to the middle of the screen.
 * Focus alone scrolls only a field that is off screen at that instant, and the page's smooth scroll
 * to the button just reached with Tab, still under way, then carried the field out of view (a
 * keyboard walk's finding on a phone: focused 380 px above the screen's top).
 */
export function focusField(id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
}
