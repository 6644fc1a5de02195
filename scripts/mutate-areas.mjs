// The areas of mutation testing (issue 14): what each mutates, the tests run against it, and the
// goal for its score. Read by scripts/mutate.mjs (`npm run mutate`) and stryker.config.mjs.
// No brace globs: the areas reach Stryker's command line as one comma-separated list.
/** Some modules of a server folder. */
const filesOf = (folder, ...names) => names.map((name) => `server/${folder}/${name}.ts`);
/** The test files of some server folders. */
const testsOf = (...folders) => folders.map((folder) => `server/${folder}/*.test.ts`);

export const AREAS = {
  domain: {
    goal: 90,
    mutate: ["domain/**/*.ts", "!domain/**/*.test.ts"],
    tests: ["domain/**/*.test.ts"],
  },
  http: {
    goal: 90,
    mutate: ["server/http/*.ts", "!server/http/*.test.ts"],
    // images.ts is exercised through uploads, the session code through the auth routes.
    tests: ["server/http/*.test.ts", "server/auth/*.test.ts", "server/vehicles/*.test.ts", "server/landings/*.test.ts"],
  },
  // The services, by the part of the product they serve: each runs in well under an hour.
  booking: {
    goal: 80,
    mutate: [
      ...filesOf("public", "service", "presenter"),
      ...filesOf("landings", "bookable"),
      ...filesOf("reservations", "book", "checks", "booking-vehicle", "quote", "idempotency", "availability"),
      ...filesOf("reservations", "site-booking", "site-quote", "desk-booking", "customer"),
      ...filesOf("reservations", "load", "emails", "status", "list", "delete", "presenter", "price-columns"),
    ],
    // limits: a booking's flood-limit slot is given back on an idempotent replay.
    tests: testsOf("public", "reservations", "desk", "limits"),
  },
  landings: {
    goal: 80,
    // The owner scope every owner query puts in its WHERE: the landings' tests cross it most.
    mutate: [...filesOf("landings", "service", "presenter", "rules-service"), "server/db/owner-scope.ts"],
    tests: testsOf("landings"),
  },
  fleet: {
    goal: 80,
    mutate: filesOf("vehicles", "service", "presenter", "blocks-service", "rules-service"),
    tests: testsOf("vehicles"),
  },
  places: {
    goal: 80,
    mutate: ["server/features/service.ts", ...filesOf("locations", "service", "places-service")],
    tests: testsOf("features", "locations"),
  },
  accounts: {
    goal: 80,
    mutate: filesOf("users", "service", "presenter"),
    tests: testsOf("users", "auth"),
  },
  // Issue 27: the money. Its acceptance asks 90 %.
  payments: {
    goal: 90,
    mutate: [
      ...filesOf("payments", "secrets", "settings", "checkout", "settle", "sweep", "ledger", "webhook-routes"),
      ...filesOf("payments", "stripe-provider", "routes", "holds", "cancel", "owner-money", "money-routes"),
      ...filesOf("payments", "outstanding"),
      ...filesOf("reservations", "payment-status"),
    ],
    tests: testsOf("payments"),
  },
  planner: {
    goal: 80,
    mutate: ["server/planner/service.ts"],
    tests: testsOf("planner"),
  },
  // Issue 28.7: the owner's customers (not scored yet).
  customers: {
    goal: 80,
    mutate: filesOf("customers", "link", "service", "figures", "erase", "export"),
    tests: testsOf("customers"),
  },
};
