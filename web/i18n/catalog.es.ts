// The dashboard's strings in one language, loaded on their own: an owner downloads only the
// language they read, and the other when they switch (web/i18n/setup.ts).
import { apiMessages } from "@domain/messages";
import customers from "./customers.es.json";
import desk from "./desk.es.json";
import translation from "./es.json";
import fleet from "./fleet.es.json";
import insights from "./insights.es.json";
import landings from "./landings.es.json";
import live from "./live.es.json";
import planner from "./planner.es.json";
import reservations from "./reservations.es.json";

export default {
  translation,
  api: apiMessages.es,
  customers,
  desk,
  fleet,
  insights,
  landings,
  live,
  planner,
  reservations,
};
