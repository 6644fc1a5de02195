import { useEffect, useState } from "react";
import { type Booked, bookedFromReview, rememberBooked } from "./tab-memory";

/**
 * The reservation this tab already made from this very review (`identity`: what it asked for),
 * when there is one: back after booking, or a reload of the review, leads to it instead of
 * offering to book it again (issue 24.7). `forget` lets the visitor start another booking.
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
    rememberBooked(landingName, null);
    setBooked(null);
  };
  return { booked, forget };
}
