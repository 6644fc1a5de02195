// The dashboard's strings in one language, loaded on their own: an owner downloads only the
// language they read, and the other when they switch (web/i18n/setup.ts).
import { apiMessages } from "@domain/messages";
import customers from "./customers.en.json";
import desk from "./desk.en.json";
import translation from "./en.json";
import fleet from "./fleet.en.json";
import insights from "./insights.en.json";
import landings from "./landings.en.json";
import live from "./live.en.json";
import planner from "./planner.en.json";
import reservations from "./reservations.en.json";

export default {
  translation,
  api: apiMessages.en,
  customers,
  desk,
  fleet,
  insights,
  landings,
  live,
  planner,
  reservations,
};
