import { earliestPickupDate, latestPickupDate } from "@domain/rental-checks";
import { landingRulesOf } from "@domain/rental-rules";
import { addDays, toLocal } from "@domain/rental-time";
import * as lucide from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { usePage } from "../context";
import { usePageNow } from "../lib/page-clock";
import type { SearchRuleMessages } from "../lib/rules";
import {
  isValidSearch,
  placesOf,
  type Search,
  type SearchErrors,
  type SearchField,
  searchFromForm,
  searchQuery,
  validateSearch,
} from "../lib/search";
import { fieldControl, fieldError } from "../lib/ui";
import { queryString } from "../lib/url";
import type { PublicPageData } from "../types";
import { keptIcon } from "./icons";
import { HELD_OFFLINE } from "./offline-notice";
import { DateTime, Labelled } from "./search-fields";
import { PlaceFields } from "./search-places";

const SearchIcon = keptIcon(lucide.Search);
const Users = keptIcon(lucide.Users);

type SearchFormProps = {
  search: Search;
  maxSeats: number;
  /** Where the GET form goes: the vehicle list, or the extras for a vehicle already chosen. */
  action: string;
  /** Other choices carried along (language, vehicle, add-ons, filters). */
  hidden?: Record<string, string>;
  /** Problems to show until the form is submitted (a search in the URL that does not hold). */
  initialErrors?: SearchErrors;
  /** What the landing's rules say of the search in the URL (lead time, horizon, closures, hours), by field. */
  ruleErrors?: SearchRuleMessages;
  submitLabel: string;
  /** The form's layout: a tall card (home) or a wide row (list page). */
  layout?: "card" | "wide";
  showSeats?: boolean;
};

const FIELD_ORDER: SearchField[] = ["pickup", "dropoff", "seats", "from", "fromTime", "to", "toTime"];

/**
 * The search of PRODUCT §5 as a real GET form, so it works before and without JavaScript; with it,
 * the dates are checked before leaving the page (no past pickup, return after pickup) and each
 * problem is shown under its field.
 */
export function SearchForm({
  search,
  maxSeats,
  action,
  hidden = {},
  initialErrors = {},
  ruleErrors = {},
  submitLabel,
  layout = "card",
  showSeats = true,
}: SearchFormProps) {
  const { data, t } = usePage();
  const id = useId();
  // The problems of the search as submitted here; until then, the URL's (which the page's clock can
  // change once the page runs: a pickup time already past today).
  const [checkedErrors, setErrors] = useState<SearchErrors | null>(null);
  const errors = checkedErrors ?? initialErrors;
  // The rules' verdict on the search as submitted here; until then, the one of the URL's search.
  const [checkedRules, setCheckedRules] = useState<SearchRuleMessages | null>(null);
  const rules = checkedRules ?? ruleErrors;
  const pageNow = usePageNow();
  const landingRules = landingRulesOf(data.landing.rules);
  const earliest = earliestPickupDate(landingRules, data.landing.time_zone, pageNow);
  const minDate = earliest > data.today ? earliest : data.today;
  const maxDate = latestPickupDate(landingRules, data.landing.time_zone, pageNow);
  const [from, setFrom] = useState(search.from);
  // Changed here and not sent yet, as query parameters: the language switch carries it (header.tsx).
  const [typed, setTyped] = useState<string>();
  const places = placesOf(data.landing);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const wanted = searchFromForm(new FormData(event.currentTarget), search.seats);
    const now = toLocal(new Date(), data.landing.time_zone);
    const problems = validateSearch(wanted, data.today < now.date ? now.date : data.today, places, now);
    event.preventDefault();
    setErrors(problems);
    const ruled = isValidSearch(problems) ? await checkRules(data, wanted) : {};
    setCheckedRules(ruled);
    const first = FIELD_ORDER.find((field) => problems[field] || ruled[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!navigator.onLine) {
      window.dispatchEvent(new Event(HELD_OFFLINE));
      return;
    }
    const query = queryString({ ...hidden, ...searchQuery(wanted) });
    // The home keeps the search in its own address: Back (or a reload) shows it as chosen, even
    // where the browser loads the page again rather than restoring it (a walk's finding).
    if (data.page.kind === "home") history.replaceState(history.state, "", query);
    window.location.assign(`${action}${query}`);
  }

  const message = (field: SearchField) => {
    const own = errors[field];
    if (own) return t.search.errors[own];
    return rules[field] || null;
  };
  const describe = (field: SearchField) => (message(field) ? `${id}-${field}-error` : undefined);
  const invalid = (field: SearchField) => (message(field) ? true : undefined);
  const error = (field: SearchField) => {
    const text = message(field);
    return text ? (
      <p id={`${id}-${field}-error`} className={fieldError} data-testid={`search-error-${field}`}>
        {text}
      </p>
    ) : null;
  };
  const wide = layout === "wide";

  if (data.landing.locations.length === 0) return <p className="text-base text-gray-700">{t.search.noPlaces}</p>;

  return (
    <div className="@container">
      <form
        method="get"
        action={action}
        noValidate
        onSubmit={onSubmit}
        onChange={(event) =>
          setTyped(queryString(searchQuery(searchFromForm(new FormData(event.currentTarget), search.seats))))
        }
        className={`grid gap-x-3 gap-y-4 ${wide ? "search-wide @lg:grid-cols-2" : "@lg:grid-cols-2"}`}
        data-testid="search-form"
        data-typed-search={typed}
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <PlaceFields
          id={id}
          search={search}
          pickupInError={message("pickup") !== null}
          describe={describe}
          invalid={invalid}
          error={error}
        />
        <DateTime
          id={id}
          dateField="from"
          timeField="fromTime"
          dateLabel={t.search.pickupDate}
          timeLabel={t.search.pickupTime}
          timeShort={t.search.time}
          date={search.from}
          time={search.fromTime}
          min={minDate}
          max={maxDate}
          onDate={(input) => {
            returnAfterPickup(input, search);
            setFrom(input.value);
          }}
          describe={describe}
          invalid={invalid}
          error={error}
        />
        <DateTime
          id={id}
          dateField="to"
          timeField="toTime"
          dateLabel={t.search.returnDate}
          timeLabel={t.search.returnTime}
          timeShort={t.search.time}
          date={search.to}
          time={search.toTime}
          min={from && from >= minDate ? from : minDate}
          describe={describe}
          invalid={invalid}
          error={error}
        />
        {showSeats ? (
          <div>
            <Labelled id={`${id}-seats`} label={t.search.seats} icon={<Users />}>
              <select
                id={`${id}-seats`}
                name="seats"
                defaultValue={String(Number(data.query.seats) > maxSeats ? maxSeats + 1 : search.seats)}
                className={`${fieldControl} pl-10`}
              >
                {Array.from({ length: maxSeats }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
                {/* A bigger group is the operator's to arrange: the page then says how to reach them. */}
                <option value={maxSeats + 1}>{t.search.moreThan(maxSeats)}</option>
              </select>
            </Labelled>
          </div>
        ) : (
          <input type="hidden" name="seats" value={search.seats} />
        )}
        <div className={`flex items-end ${showSeats ? "" : "@lg:col-span-2"} ${wide ? "@5xl:col-span-3" : ""}`}>
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-(--brand) px-5 text-base font-semibold text-(--on-brand) shadow-sm hover:brightness-110"
            data-testid="search-submit"
          >
            <SearchIcon aria-hidden="true" className="size-5" />
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * A pickup moved past the return takes the return along, so a later pickup does not leave the
 * traveller an error to mend by hand. The trip keeps the searched one's length (a day without one):
 * not the fields' own, which a date typed digit by digit passes through on its way. Only a pickup
 * that can be booked moves it: a year typed digit by digit passes through 0202, 2302 and 3020
 * (a walk's finding: the return was left in 3020 once the pickup was back in this year).
 */
function returnAfterPickup(pickup: HTMLInputElement, searched: Search) {
  const to = pickup.form?.elements.namedItem("to");
  if (!(to instanceof HTMLInputElement) || !pickup.value || !to.value || to.value >= pickup.value) return;
  if ((pickup.min && pickup.value < pickup.min) || (pickup.max && pickup.value > pickup.max)) return;
  const days = (Date.parse(searched.to) - Date.parse(searched.from)) / 86_400_000;
  to.value = addDays(pickup.value, days >= 0 ? days : 1);
}

/**
 * The landing's rules on a search about to be sent. Loaded on submit: the messages' catalogue stays
 * out of the home page's script; if it cannot load, the next page says the same.
 */
async function checkRules(data: PublicPageData, search: Search): Promise<SearchRuleMessages> {
  try {
    const { searchRuleMessages } = await import("../lib/rules");
    return searchRuleMessages(data.landing, search, new Date(), data.language);
  } catch {
    return {};
  }
}
