// The owner pages' strings in one language, one chunk: they load together with the shell
// (OWNER_NAMESPACES in setup.ts), in one request that compresses better than eight.
import customers from "./customers.es.json";
import desk from "./desk.es.json";
import fleet from "./fleet.es.json";
import insights from "./insights.es.json";
import landings from "./landings.es.json";
import live from "./live.es.json";
import planner from "./planner.es.json";
import reservations from "./reservations.es.json";

export default { customers, desk, fleet, insights, landings, live, planner, reservations };
