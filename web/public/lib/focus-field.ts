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
  // Its message is drawn once the handler that refused it returns: then it is brought into view too,
  // clear of a phone's bottom bar (the page's scroll-padding). With large text the bar is a third of
  // the screen, and a message under a centred field was left beneath it (a walk's finding).
  // Both at once: a smooth scroll to the message would stop the one to the field half way.
  requestAnimationFrame(() => {
    const described = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const message = described.map((part) => document.getElementById(part)).findLast((element) => element !== null);
    if (!message) return;
    field.scrollIntoView({ block: "center", behavior: "instant" });
    message.scrollIntoView({ block: "nearest", behavior: "instant" });
  });
}
