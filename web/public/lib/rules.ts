import type { Language } from "@domain/languages";
import { checkRental, type RuleCode, type RuleField, type RuleProblem } from "@domain/rental-checks";
import { DEFAULT_VEHICLE_RULES } from "@domain/rental-rules";
import { translateRule } from "@domain/rule-messages";
import type { PublicPageData } from "../types";
import { addonChoices, rentalContext, rentalRequest } from "./booking";
import type { Search, SearchField } from "./search";

/** A rule's problem in the page's language, in the words the server uses (domain/rule-messages.ts). */
export const problemText = (language: Language, problem: Pick<RuleProblem, "key" | "params">) =>
  translateRule(language, problem.key, problem.params);

/** Each message once, in order (a closed day for both pickup and return says it once). */
export const problemTexts = (language: Language, problems: readonly RuleProblem[]) => [
  ...new Set(problems.map((problem) => problemText(language, problem))),
];

/** The rules that hold for every vehicle of the landing: the search form shows them under its fields. */
const SEARCH_RULES: RuleCode[] = ["placePair", "leadTime", "bookingHorizon", "closedDate", "closedDay", "openingHours"];
const SEARCH_FIELD: Partial<Record<RuleField, SearchField>> = {
  place_of_departure: "pickup",
  arrival_place: "dropoff",
  date_of_departure: "from",
  date_of_arrival: "to",
  time_of_departure: "fromTime",
  time_of_arrival: "toTime",
};

export type SearchRuleErrors = Partial<Record<SearchField, RuleProblem>>;
/** The same, in words, for the search form. */
export type SearchRuleMessages = Partial<Record<SearchField, string>>;

/** What the landing's rules say of a (valid) search before any vehicle is chosen, by field. */
export function searchRuleErrors(landing: PublicPageData["landing"], search: Search, now: Date): SearchRuleErrors {
  const context = rentalContext(landing, { price_cents: 0, rules: DEFAULT_VEHICLE_RULES });
  const { problems } = checkRental(context, rentalRequest(search, addonChoices(landing, []), null), now);
  const errors: SearchRuleErrors = {};
  for (const problem of problems) {
    const field = SEARCH_FIELD[problem.field];
    if (field && SEARCH_RULES.includes(problem.rule) && !errors[field]) errors[field] = problem;
  }
  return errors;
}

/** `searchRuleErrors` in the page's language. */
export function searchRuleMessages(
  landing: PublicPageData["landing"],
  search: Search,
  now: Date,
  language: Language,
): SearchRuleMessages {
  return Object.fromEntries(
    Object.entries(searchRuleErrors(landing, search, now)).map(([field, problem]) => [
      field,
      problem ? problemText(language, problem) : "",
    ]),
  );
}
