import type { Reservation } from "@domain/reservations";
import { Mail, Phone, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Whether the customer's personal data was erased from the booking (issue 28.7): no name, email or phone left. */
export const customerErased = (reservation: Pick<Reservation, "name" | "last_name" | "email" | "phone">) =>
  reservation.name === "" && reservation.last_name === "" && reservation.email === "" && reservation.phone === "";

/** The link to the customer's page in Clientes (issue 28.7). */
function CustomerRecordLink({ id }: { id: number | null }) {
  const { t } = useTranslation("reservations");
  if (id === null) return null;
  return (
    <Link
      to={`/customers/${id}`}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <UserRound aria-hidden="true" className="size-4 shrink-0" />
      {t("detail.customerRecord")}
    </Link>
  );
}

/** Who booked: name, how to reach them (a mail and a call link) and what they wrote. */
export function ReservationCustomer({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  if (customerErased(reservation)) {
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-gray-900 italic">{t("table.erasedCustomer")}</p>
        <p className="text-gray-600">{t("detail.customerErased")}</p>
        <CustomerRecordLink id={reservation.customer_id} />
      </div>
    );
  }
  const desk = reservation.source === "manual";
  return (
    <div className="flex flex-col gap-1">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm cramped:grid-cols-1">
        <div className="min-w-0">
          <dt className="text-xs text-gray-600">{t("detail.firstName")}</dt>
          <dd className="break-words text-gray-900">{reservation.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-gray-600">{t("detail.lastName")}</dt>
          <dd className="break-words text-gray-900">{reservation.last_name}</dd>
        </div>
        <div className="col-span-2 min-w-0 cramped:col-span-1 sm:col-span-1">
          <dt className="text-xs text-gray-600">{t("detail.email")}</dt>
          <dd>
            {reservation.email ? (
              <a
                href={`mailto:${reservation.email}`}
                title={t("detail.writeEmail", { email: reservation.email })}
                className="inline-flex min-h-6 items-center gap-1.5 break-all text-brand-700 underline-offset-2 hover:underline"
              >
                <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                {reservation.email}
              </a>
            ) : (
              <span className="text-gray-600">{t("detail.noEmail")}</span>
            )}
          </dd>
        </div>
        <div className="col-span-2 min-w-0 cramped:col-span-1 sm:col-span-1">
          <dt className="text-xs text-gray-600">{t("detail.phone")}</dt>
          <dd>
            <a
              href={`tel:${reservation.phone.replace(/[^\d+]/g, "")}`}
              title={t("detail.call", { phone: reservation.phone })}
              className="inline-flex min-h-6 items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline"
            >
              <Phone aria-hidden="true" className="size-3.5 shrink-0" />
              {reservation.phone}
            </a>
          </dd>
        </div>
        <div className="col-span-2 min-w-0 cramped:col-span-1 sm:col-span-1">
          <dt className="text-xs text-gray-600">{t("detail.language")}</dt>
          <dd className="text-gray-900">{t(`translation:language.${reservation.language}`)}</dd>
        </div>
        <div className="col-span-2 min-w-0 cramped:col-span-1">
          {/* A booking taken at the desk: the comment is the owner's, written as they took it. */}
          <dt className="text-xs text-gray-600">{t(desk ? "detail.deskComment" : "detail.comment")}</dt>
          <dd className="whitespace-pre-line break-words text-gray-900">
            {reservation.description || (
              <span className="text-gray-600">{t(desk ? "detail.deskNoComment" : "detail.noComment")}</span>
            )}
          </dd>
        </div>
      </dl>
      <CustomerRecordLink id={reservation.customer_id} />
    </div>
  );
}
