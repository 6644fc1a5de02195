import type { Customer, CustomerLicence } from "@domain/customers";
import { formatDate } from "@domain/date-format";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { isNotFound } from "@web/lib/api";
import { intlLocale } from "@web/lib/format";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { Notice } from "@web/ui/notice";
import { PageHeader } from "@web/ui/page-header";
import { Skeleton } from "@web/ui/skeleton";
import { ArrowLeft, IdCard, Mail, Phone, ShieldAlert, UserRound, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { customerQuery } from "./api";
import { EraseButton, ExportButton } from "./customer-actions";
import { CustomerHistory } from "./customer-history";
import { bookingDay, CustomerBadges, formatDay, localDay, Spent, useCustomerName } from "./customer-parts";
import { FlagCard } from "./flag-card";
import { NotesCard } from "./notes-card";

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `customer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="p-5">
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-gray-900">
          {icon}
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900">{children}</dd>
    </div>
  );
}

function ContactCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const others = [
    ...customer.emails.filter((email) => email !== customer.email),
    ...customer.phones.filter((phone) => phone !== customer.phone),
  ];
  return (
    <Section title={t("detail.contact")} icon={<UserRound aria-hidden="true" className="size-4 text-gray-500" />}>
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t("detail.email")}>
          {customer.email ? (
            <a
              href={`mailto:${customer.email}`}
              // An email is one long word: it breaks anywhere rather than run out of the card.
              className="inline-flex max-w-full items-center gap-1.5 wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
              aria-label={t("detail.writeEmail", { email: customer.email })}
            >
              <Mail aria-hidden="true" className="size-3.5 shrink-0" />
              {customer.email}
            </a>
          ) : (
            <span className="text-gray-500">{t("detail.noEmail")}</span>
          )}
        </Row>
        <Row label={t("detail.phone")}>
          <a
            href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}
            className="inline-flex items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline"
            aria-label={t("detail.call", { phone: customer.phone })}
          >
            <Phone aria-hidden="true" className="size-3.5 shrink-0" />
            {customer.phone}
          </a>
        </Row>
        {others.length > 0 && (
          <Row label={t("detail.alsoUsed")}>
            <ul className="flex flex-col gap-0.5 text-gray-700">
              {others.map((other) => (
                <li key={other} className="break-words">
                  {other}
                </li>
              ))}
            </ul>
          </Row>
        )}
      </dl>
    </Section>
  );
}

function SummaryCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  const language = currentLanguage();
  return (
    <Section title={t("detail.summary")} icon={<Wallet aria-hidden="true" className="size-4 text-gray-500" />}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm cramped:grid-cols-1">
        <Row label={t("detail.bookings")}>
          <span className="text-lg font-semibold tabular-nums">{customer.bookings}</span>
        </Row>
        <Row label={t("detail.spent")}>
          <Spent spent={customer.spent} className="text-lg font-semibold" />
        </Row>
        <Row label={t("detail.since")}>{bookingDay(customer.first_booking_on, language, t("none"))}</Row>
        <Row label={t("detail.lastBooking")}>{bookingDay(customer.last_booking_on, language, t("none"))}</Row>
      </dl>
      <p className="text-xs leading-5 text-gray-600">{t("detail.spentHint")}</p>
    </Section>
  );
}

function countryName(code: string, language: "es" | "en") {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function LicenceCard({ licence }: { licence: CustomerLicence | null }) {
  const { t } = useTranslation("customers");
  const language = currentLanguage();
  const today = localDay(new Date());
  return (
    <Section title={t("licence.title")} icon={<IdCard aria-hidden="true" className="size-4 text-gray-500" />}>
      {licence ? (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm cramped:grid-cols-1">
            <Row label={t("licence.driver")}>{licence.name}</Row>
            <Row label={t("licence.number")}>
              <span className="font-mono">{licence.number}</span>
            </Row>
            <Row label={t("licence.country")}>{countryName(licence.country, language)}</Row>
            <Row label={t("licence.expiry")}>
              <span className="flex flex-wrap items-center gap-2">
                {formatDate(licence.expiry, language)}
                {licence.expiry < today && (
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 ring-inset">
                    {t("licence.expired")}
                  </span>
                )}
              </span>
            </Row>
          </dl>
          <p className="text-xs text-gray-600">
            {t("licence.recorded", {
              reference: licence.reference,
              date: bookingDay(licence.recorded_on, language, t("none")),
            })}
          </p>
        </>
      ) : (
        <p className="text-sm text-gray-600">{t("licence.none")}</p>
      )}
    </Section>
  );
}

/** What the owner does when the customer asks to have their data deleted, apart from everyday work. */
function PrivacyCard({ customer }: { customer: Customer }) {
  const { t } = useTranslation("customers");
  return (
    <Section title={t("privacy.title")} icon={<ShieldAlert aria-hidden="true" className="size-4 text-gray-500" />}>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <p className="max-w-2xl text-sm text-gray-700">{t("privacy.body")}</p>
        <EraseButton customer={customer} />
      </div>
    </Section>
  );
}

/**
 * /customers/:id, one customer (issue 28.7): contact, what they spent, the licence on file, the
 * owner's notes, the "No rentar" mark, their bookings, and their data exported or erased.
 */
export function CustomerPage() {
  const { t } = useTranslation("customers");
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const found = useQuery({ ...customerQuery(id), enabled: valid });
  const nameOf = useCustomerName();
  const language = currentLanguage();
  const back = (
    <ButtonLink to="/customers" variant="secondary">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("detail.back")}
    </ButtonLink>
  );

  if (!valid || isNotFound(found.error)) {
    return (
      <>
        <PageHeader title={t("detail.missingTitle")} actions={back} />
        <Card>
          <ErrorState title={t("detail.missingTitle")} description={t("detail.missing")} />
        </Card>
      </>
    );
  }
  if (found.isError) {
    return (
      <>
        <PageHeader title={t("translation:titles.customer")} actions={back} />
        <Card>
          <ErrorState onRetry={() => void found.refetch()} retrying={found.isFetching} />
        </Card>
      </>
    );
  }
  const customer = found.data;
  if (!customer) {
    return (
      <>
        <PageHeader title={t("translation:titles.customer")} actions={back} />
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t("detail.loading")}
          </p>
          <div className="grid gap-4 md:grid-cols-3">
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
            <Skeleton className="h-44" />
          </div>
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }

  const name = nameOf(customer);
  return (
    <>
      {/* The way back is among the header's actions, below the name on a phone: the band under the
          top bar, where toasts show, keeps no action (web/ui/toaster.tsx). */}
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between lg:mb-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold cramped:text-lg tracking-tight break-words text-gray-900 sm:text-[1.75rem]">
            {name}
          </h1>
          <p className="mt-1.5 text-sm text-gray-600 sm:text-base">
            {customer.first_booking_on
              ? t("detail.subtitle", {
                  count: customer.bookings,
                  date: bookingDay(customer.first_booking_on, language, t("none")),
                })
              : t("detail.noBookings")}
          </p>
          {(customer.do_not_rent || customer.erased) && (
            <p className="mt-2 flex flex-wrap gap-2">
              <CustomerBadges doNotRent={customer.do_not_rent} erased={customer.erased} />
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          {back}
          {!customer.erased && <ExportButton customer={customer} />}
        </div>
      </header>
      <div className="flex flex-col gap-5">
        {customer.erased && (
          <Notice>{t("detail.erasedNotice", { date: formatDay(customer.erased_at, language, t("none")) })}</Notice>
        )}
        {/* Columns that may be narrower than an email: it breaks rather than push the page sideways. */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5 md:grid-cols-2 xl:grid-cols-3">
          {!customer.erased && <ContactCard customer={customer} />}
          <SummaryCard customer={customer} />
          {!customer.erased && <LicenceCard licence={customer.licence} />}
        </div>
        {!customer.erased && (
          <div className="grid gap-5 lg:grid-cols-2">
            <FlagCard customer={customer} />
            <NotesCard customer={customer} />
          </div>
        )}
        <CustomerHistory history={customer.history} name={name} />
        {!customer.erased && <PrivacyCard customer={customer} />}
      </div>
    </>
  );
}
