// The owner pages' strings in one language, one chunk: they load together with the shell
// (OWNER_NAMESPACES in setup.ts), in one request that compresses better than eight.
import customers from "./customers.en.json";
import desk from "./desk.en.json";
import fleet from "./fleet.en.json";
import insights from "./insights.en.json";
import landings from "./landings.en.json";
import live from "./live.en.json";
import planner from "./planner.en.json";
import reservations from "./reservations.en.json";

export default { customers, desk, fleet, insights, landings, live, planner, reservations };
