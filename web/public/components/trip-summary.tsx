import { formatDate, formatTime } from "@domain/date-format";
import type { PublicVehicle } from "@domain/vehicles";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import type { Search } from "../lib/search";
import { keptIcon } from "./icons";
import { Photo } from "./photo";

const CalendarDays = keptIcon(lucide.CalendarDays);
const MapPin = keptIcon(lucide.MapPin);
const Users = keptIcon(lucide.Users);

/** The chosen vehicle with the places, dates and times and the group size. */
export function TripSummary({
  vehicle,
  search,
  people,
}: {
  vehicle: Pick<PublicVehicle, "name" | "images">;
  search: Search;
  people: number;
}) {
  const { data } = usePage();
  const review = reviewWords[data.language];
  const lang = data.language;
  const when = (date: string, time: string) => `${formatDate(date, lang)} · ${formatTime(time, lang)}`;
  const dropoff = search.dropoff || search.pickup;
  return (
    <div className="grid gap-4 wrap-anywhere" data-testid="trip-summary">
      {/* Too narrow for both (200 % text on a phone), the name goes under the photo rather than
          stand beside it a letter a line: its least width in rem, which grows with the text where
          the spacing does not (styles.css). */}
      <div className="flex flex-wrap items-center gap-3">
        <div className="w-24 shrink-0 overflow-hidden rounded-lg">
          <Photo image={vehicle.images[0]} alt="" sizes="96px" />
        </div>
        <p className="min-w-[8rem] flex-1 font-semibold">{vehicle.name}</p>
      </div>
      <dl className="grid gap-3 text-sm">
        <div className="relative pl-7">
          <dt className="font-semibold">
            <MapPin aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-(--accent-ink)" />
            {review.pickup}
          </dt>
          <dd className="text-gray-700">
            {search.pickup}
            <br />
            {when(search.from, search.fromTime)}
          </dd>
        </div>
        <div className="relative pl-7">
          <dt className="font-semibold">
            <CalendarDays aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-(--accent-ink)" />
            {review.return}
          </dt>
          <dd className="text-gray-700">
            {dropoff}
            <br />
            {when(search.to, search.toTime)}
          </dd>
        </div>
        <div className="relative pl-7">
          <dt className="font-semibold">
            <Users aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-(--accent-ink)" />
            {review.people}
          </dt>
          <dd className="text-gray-700">{people}</dd>
        </div>
      </dl>
    </div>
  );
}
