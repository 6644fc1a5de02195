import { useEffect, useState } from "react";
import { forgetAttempt } from "./booking-attempt";
import { type Booked, bookedFromReview, rememberBooked, rememberContact } from "./tab-memory";

/**
 * The reservation this tab already made from this very review (`identity`: what it asked for),
 * when there is one: back after booking, or a reload of the review, leads to it instead of
 * offering to book it again (issue 24.7). `forget` lets the visitor start another booking, with the
 * details they booked this one with.
 */
export function useBookedHere(landingName: string, identity: string) {
  const [booked, setBooked] = useState<Booked | null>(null);
  useEffect(() => {
    const check = () => {
      const made = bookedFromReview(landingName);
      setBooked(made && made.request === identity ? made : null);
    };
    check();
    // A page brought back from the back-forward cache runs no effect again: look once more.
    window.addEventListener("pageshow", check);
    return () => window.removeEventListener("pageshow", check);
  }, [landingName, identity]);
  const forget = () => {
    // Another booking of the same trip, most likely by the same person: their details come back.
    if (booked?.contact) rememberContact(landingName, booked.contact);
    // On purpose: sent again, the same request is a new booking, not answered with this one.
    forgetAttempt(landingName, booked?.attempt);
    rememberBooked(landingName, null);
    setBooked(null);
  };
  return { booked, forget };
}
