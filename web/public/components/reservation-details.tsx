import { readPrice } from "@domain/price-breakdown";
import type { CustomerReservation } from "@domain/reservations";
import { usePage } from "../context";
import { PriceBreakdown } from "./price-breakdown";
import { TripSummary } from "./trip-summary";

/** A made reservation: vehicle, places, dates and times, people, and its price line by line as stored, with its deposit. */
export function ReservationDetails({ reservation }: { reservation: CustomerReservation }) {
  const { data } = usePage();
  const vehicle = data.landing.vehicles.find((candidate) => candidate.id === reservation.id_vehicle);
  return (
    <div className="grid gap-5">
      <TripSummary
        vehicle={{ name: reservation.vehicle.name, images: vehicle?.images ?? [] }}
        search={{
          pickup: reservation.place_of_departure,
          dropoff: reservation.arrival_place,
          from: reservation.date_of_departure,
          fromTime: reservation.time_of_departure,
          to: reservation.date_of_arrival,
          toTime: reservation.time_of_arrival,
          seats: reservation.number_person,
        }}
        people={reservation.number_person}
      />
      <div className="border-t border-gray-100 pt-4">
        <PriceBreakdown
          price={readPrice(reservation)}
          depositCents={reservation.deposit_cents ?? 0}
          testId="reservation-price"
        />
      </div>
    </div>
  );
}
