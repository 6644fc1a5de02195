import type { FastifyInstance } from "fastify";
import { runPeriodically } from "../http/periodic";
import { sweepPayments } from "./sweep";

/** Runs the payments' sweep (sweep.ts) every half minute while the server is up. */
export function startPaymentSweep(app: FastifyInstance) {
  runPeriodically(app, { name: "payments sweep", everyMs: 30_000, round: () => sweepPayments(app.deps) });
}
