import * as lucide from "lucide-react";
import { usePage } from "../context";
import { currentTarget } from "../lib/current";
import { hrefTo, tripOf, withChanges } from "../lib/url";
import { FaqLink } from "./faq-link";
import { keptIcon } from "./icons";
import { HELD_OFFLINE } from "./offline-notice";

const Globe = keptIcon(lucide.Globe);

/** The landing's top bar in its primary colour: logo or name, vehicles, FAQ and the language switch. */
export function Header() {
  const { data, t } = usePage();
  const { landing } = data;
  const other = data.language === "es" ? "en" : "es";
  const keep = { lang: data.query.lang };
  const home = hrefTo(data, { kind: "home" }, withChanges({}, keep));
  const switchHref = hrefTo(data, currentTarget(data), withChanges(data.query, { lang: other }));
  // The page's address follows what the visitor chose since it was drawn (extras, filters): the
  // switch leads from it, not from the link the server wrote (issue 24.2). Set again as the link is
  // pressed or reached, so a new tab opened from it (a middle click, a long press) keeps them too.
  const follow = (event: { currentTarget: HTMLAnchorElement }) => {
    event.currentTarget.href = withTypedSearch(withLanguage(window.location.href, other));
  };
  return (
    <header className="bg-(--brand) text-(--on-brand) [--focus:var(--on-brand)]">
      {/* One row of 4rem; with large text on a phone the links wrap under the brand rather than over it. */}
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:px-6">
        <a href={home} className="flex min-h-11 max-w-full min-w-0 items-center rounded-md" data-testid="public-brand">
          {landing.logo ? (
            <img
              src={landing.logo}
              alt={landing.display_name}
              className="h-10 w-auto max-w-[min(10rem,100%)] object-contain sm:max-w-56"
              height={40}
              width={160}
            />
          ) : (
            <span className="truncate text-lg font-bold tracking-tight">{landing.display_name}</span>
          )}
        </a>
        <nav aria-label={t.nav.menu} className="ml-auto flex items-center gap-1 text-sm font-semibold sm:gap-2">
          <a
            // The trip searched so far, so the list shows its prices (a walk's finding: it started over).
            href={hrefTo(data, { kind: "vehicles" }, tripOf(data.query))}
            className="hidden min-h-11 items-center rounded-md px-3 hover:bg-black/10 sm:flex"
          >
            {t.nav.vehicles}
          </a>
          <FaqLink className="hidden min-h-11 items-center rounded-md px-3 hover:bg-black/10 sm:flex" />
          <a
            href={switchHref}
            onPointerDown={follow}
            onFocus={follow}
            onClick={(event) => {
              follow(event);
              // Ctrl, Cmd or Shift: the browser opens the other language in a new tab or window.
              if (event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              if (!navigator.onLine) window.dispatchEvent(new Event(HELD_OFFLINE));
              else window.location.assign(event.currentTarget.href);
            }}
            hrefLang={other}
            lang={other}
            title={t.nav.switchLabel}
            className="flex min-h-11 items-center gap-1.5 rounded-md px-3 ring-1 ring-current/40 hover:bg-black/10"
            data-testid="language-switch"
          >
            <Globe aria-hidden="true" className="size-4" />
            {t.nav.switchTo}
          </a>
        </nav>
      </div>
    </header>
  );
}

/**
 * `href` with the search the visitor changed in the page's search form and has not sent yet (the
 * home page's), so the other language opens with it: the switch keeps every choice made so far
 * (PRODUCT §7). A form left as drawn adds nothing: its defaults are no choice of theirs.
 */
function withTypedSearch(href: string): string {
  const typed = document.querySelector<HTMLFormElement>("[data-typed-search]")?.dataset.typedSearch;
  if (!typed) return href;
  const url = new URL(href);
  // A return at the pickup place is said by its absence.
  url.searchParams.delete("dropoff");
  for (const [name, value] of new URLSearchParams(typed)) url.searchParams.set(name, value);
  return url.toString();
}

/** `href` with `lang` set, everything else kept. */
export function withLanguage(href: string, language: string): string {
  const url = new URL(href);
  url.searchParams.set("lang", language);
  return url.toString();
}
