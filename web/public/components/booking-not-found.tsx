import { usePage } from "../context";
import { buttonPrimary } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";
import { Layout } from "./layout";

/**
 * A booking's page (its thanks, its own page, its express pickup) with no booking to show: said as
 * the page's heading (an audit found these pages without one), with the way back to the site.
 */
export function BookingNotFound({ message }: { message: string }) {
  const { data, t } = usePage();
  const home = hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }));
  return (
    <Layout>
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-lg font-semibold">{message}</h1>
        <a href={home} className={`${buttonPrimary} mt-6`}>
          {t.thanks.home}
        </a>
      </div>
    </Layout>
  );
}
