import { usePage } from "../context";
import { faqQuery, hrefTo } from "../lib/url";

/**
 * The FAQ, opened with the booking so far and the step it is left at, so the FAQ's button leads
 * back to it (`faqQuery`). The extras page writes the visitor's picks into its address as they are
 * made: the link is set again from that address as it is pressed or reached (a key's Enter comes
 * after its focus), as the language switch's is, so a new tab opened from it keeps them too.
 */
export function FaqLink({ className }: { className: string }) {
  const { data, t } = usePage();
  const follow = (event: { currentTarget: HTMLAnchorElement }) => {
    const now = Object.fromEntries(new URLSearchParams(window.location.search));
    event.currentTarget.href = hrefTo(data, { kind: "faq" }, faqQuery(data.page, now));
  };
  return (
    <a
      href={hrefTo(data, { kind: "faq" }, faqQuery(data.page, data.query))}
      onPointerDown={follow}
      onFocus={follow}
      className={className}
    >
      {t.nav.faq}
    </a>
  );
}
