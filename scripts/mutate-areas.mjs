// The areas of mutation testing (issue 14): what each mutates, the tests run against it, and the
// goal for its score. Read by scripts/mutate.mjs (`npm run mutate`) and stryker.config.mjs.
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
  services: {
    goal: 80,
    mutate: [
      "server/*/service.ts",
      "server/*/*-service.ts",
      "server/public/booking.ts",
      "server/public/bookable.ts",
      "server/public/customer.ts",
      "server/reservations/availability.ts",
      "server/desk/manual-booking.ts",
      "server/*/presenter.ts",
    ],
    // limits: a booking's flood-limit slot is given back on an idempotent replay.
    tests: [
      "landings",
      "vehicles",
      "features",
      "locations",
      "reservations",
      "planner",
      "users",
      "public",
      "desk",
      "auth",
      "limits",
    ].map((folder) => `server/${folder}/*.test.ts`),
  },
};
