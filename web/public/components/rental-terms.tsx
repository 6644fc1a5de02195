import * as lucide from "lucide-react";
import { usePage } from "../context";
import { keptIcon } from "./icons";

const ChevronDown = keptIcon(lucide.ChevronDown);
const ScrollText = keptIcon(lucide.ScrollText);

/**
 * The rental conditions the owner wrote (issue 24.3), in the page's language or the other where
 * only that one was written; nothing when the owner wrote none. On the FAQ page they are a section
 * of their own; beside the review's "I accept" they fold, so the form stays short on a phone.
 */
export function RentalTerms({ folded = false }: { folded?: boolean }) {
  const { data, t } = usePage();
  const terms = data.landing.rules.terms.trim();
  if (!terms) return null;
  const text = (
    <p
      lang={data.landing.rules.untranslated?.terms}
      className="mt-2 whitespace-pre-line text-sm leading-6 text-gray-700"
    >
      {terms}
    </p>
  );
  if (folded) {
    return (
      <details className="group rounded-xl border border-gray-200 bg-gray-50 px-3 sm:px-4" data-testid="rental-terms">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 py-2 font-semibold">
          <ScrollText aria-hidden="true" className="size-5 shrink-0 text-(--accent-ink)" />
          <span className="min-w-0 flex-1">{t.terms.read(data.landing.display_name)}</span>
          <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-gray-500 group-open:rotate-180" />
        </summary>
        <div className="pb-4">{text}</div>
      </details>
    );
  }
  return (
    <section
      id="terms"
      className="rounded-xl border border-gray-200 bg-gray-50 p-4"
      aria-labelledby="rental-terms"
      data-testid="rental-terms"
    >
      <h2 id="rental-terms" className="flex items-center gap-2 font-semibold">
        <ScrollText aria-hidden="true" className="size-5 text-(--accent-ink)" />
        {t.terms.title}
      </h2>
      {text}
    </section>
  );
}
