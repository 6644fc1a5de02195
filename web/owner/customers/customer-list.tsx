import type { CustomerSummary } from "@domain/customers";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { customerPath } from "./api";
import { bookingDay, CustomerBadges, Spent, useCustomerName } from "./customer-parts";

function Contact({ customer, className }: { customer: CustomerSummary; className?: string }) {
  const { t } = useTranslation("customers");
  if (customer.erased) return <span className={cn("text-gray-500", className)}>{t("none")}</span>;
  return (
    <span className={cn("min-w-0", className)}>
      {customer.email ? (
        <span className="block truncate text-gray-900" title={customer.email}>
          {customer.email}
        </span>
      ) : (
        <span className="block text-gray-500">{t("list.noEmail")}</span>
      )}
      <span className="block whitespace-nowrap text-gray-600">{customer.phone}</span>
    </span>
  );
}

/**
 * The customers as a table on a wide screen and as stacked cards on a phone (DESIGN.md): name with
 * its "No rentar" mark, email and phone, bookings, what they spent, and their last booking. The
 * name is the link to the customer's page; a click anywhere on a row opens it too.
 */
export function CustomerList({ customers }: { customers: CustomerSummary[] }) {
  const { t } = useTranslation("customers");
  const navigate = useNavigate();
  const nameOf = useCustomerName();
  const language = currentLanguage();
  const last = (customer: CustomerSummary) => bookingDay(customer.last_booking_on, language, t("none"));

  return (
    <>
      <div className="hidden lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("list.tableLabel")}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-600">
            <tr>
              <th scope="col" className="py-3 pr-2 pl-5">
                {t("list.customer")}
              </th>
              <th scope="col" className="px-2 py-3">
                {t("list.contact")}
              </th>
              <th scope="col" className="px-2 py-3 text-right">
                {t("list.bookings")}
              </th>
              <th scope="col" className="px-2 py-3 text-right">
                {t("list.spent")}
              </th>
              <th scope="col" className="py-3 pr-5 pl-2">
                {t("list.lastBooking")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {customers.map((customer) => (
              <tr
                key={customer.id}
                className="cursor-pointer align-top hover:bg-gray-50"
                data-testid="customer-row"
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest("a, button")) navigate(customerPath(customer.id));
                }}
              >
                <th scope="row" className="max-w-64 py-3 pr-2 pl-5 font-normal">
                  <Link
                    to={customerPath(customer.id)}
                    className={cn(
                      "rounded-sm font-medium break-words underline-offset-2 hover:underline",
                      customer.erased ? "text-gray-600 italic" : "text-gray-900",
                    )}
                  >
                    {nameOf(customer)}
                  </Link>
                  {(customer.do_not_rent || customer.erased) && (
                    <span className="mt-1 flex flex-wrap gap-1.5">
                      <CustomerBadges doNotRent={customer.do_not_rent} erased={customer.erased} />
                    </span>
                  )}
                </th>
                <td className="max-w-60 px-2 py-3">
                  <Contact customer={customer} className="block" />
                </td>
                <td className="px-2 py-3 text-right text-gray-900 tabular-nums">{customer.bookings}</td>
                <td className="px-2 py-3 text-right font-semibold text-gray-900">
                  <Spent spent={customer.spent} />
                </td>
                <td className="py-3 pr-5 pl-2 whitespace-nowrap text-gray-700 tabular-nums">
                  <span className="flex items-center justify-between gap-2">
                    {last(customer)}
                    <ChevronRight aria-hidden="true" className="size-4 text-gray-400" />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-gray-100 lg:hidden" aria-label={t("list.tableLabel")}>
        {customers.map((customer) => (
          <li
            key={customer.id}
            data-testid="customer-card"
            className="relative flex gap-3 px-4 py-4 focus-within:bg-gray-50 hover:bg-gray-50"
          >
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {/* The name is the card's link; its area covers the whole card. */}
                <Link
                  to={customerPath(customer.id)}
                  className={cn(
                    "font-semibold break-words after:absolute after:inset-0 after:content-['']",
                    customer.erased ? "text-gray-600 italic" : "text-gray-900",
                  )}
                >
                  {nameOf(customer)}
                </Link>
                <CustomerBadges doNotRent={customer.do_not_rent} erased={customer.erased} />
              </div>
              <Contact customer={customer} className="block text-sm" />
              <dl className="grid grid-cols-[auto_1fr_auto] gap-x-5 text-sm cramped:grid-cols-1 cramped:gap-y-2">
                <div className="min-w-0">
                  <dt className="text-xs text-gray-600">{t("list.bookings")}</dt>
                  <dd className="text-gray-900 tabular-nums">{customer.bookings}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-gray-600">{t("list.spent")}</dt>
                  <dd className="font-semibold text-gray-900">
                    <Spent spent={customer.spent} />
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-gray-600">{t("list.lastBooking")}</dt>
                  <dd className="whitespace-nowrap text-gray-900 tabular-nums">{last(customer)}</dd>
                </div>
              </dl>
            </div>
            <ChevronRight aria-hidden="true" className="mt-1 size-5 shrink-0 text-gray-400" />
          </li>
        ))}
      </ul>
    </>
  );
}
