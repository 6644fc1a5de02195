import { usePage } from "../context";
import { hrefTo, tripOf } from "../lib/url";
import { ContactButtons } from "./contact-buttons";
import { FaqLink } from "./faq-link";

/** Year and the landing's name (SPEC §2); Nelly only as a small "Reservas con Nelly" (DESIGN.md). */
export function Footer() {
  const { data, t } = usePage();
  const year = data.today.slice(0, 4);
  return (
    <footer className="mt-auto bg-gray-900 text-gray-300 [--focus:#fff]">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="wrap-anywhere" data-testid="public-footer">
          © {year} <span className="font-semibold text-white">{data.landing.display_name}</span>. {t.footer.rights}
        </p>
        <ContactButtons message={t.contact.general(data.landing.display_name)} tone="dark" testId="footer-contact" />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <a
            className="inline-flex min-h-11 items-center hover:text-white"
            href={hrefTo(data, { kind: "vehicles" }, tripOf(data.query))}
          >
            {t.nav.vehicles}
          </a>
          <FaqLink className="inline-flex min-h-11 items-center hover:text-white" />
          <span className="text-xs text-gray-400">{t.footer.poweredBy}</span>
        </div>
      </div>
    </footer>
  );
}
