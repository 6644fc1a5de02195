// The prices feature's entry: a price's lines as the dashboard shows them, for a booking and the desk's quote.
export { PriceLines, PriceRow } from "./price-lines";
