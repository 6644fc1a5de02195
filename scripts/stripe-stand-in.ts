/**
 * The local Stripe stand-in (server/test/stripe-stand-in.ts) as a process of its own, for the
 * browser suite and for trying payments by hand without the network:
 *   npx tsx scripts/stripe-stand-in.ts            (STRIPE_STAND_IN_PORT, default 12111)
 *   STRIPE_API_URL=http://127.0.0.1:12111 npm start
 * Accounts are added over HTTP (POST /__stand-in/accounts, docs/testing.md).
 */
import { startStripeStandIn } from "../server/test/stripe-stand-in";

const standIn = await startStripeStandIn({ port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111) });
console.log(`Stripe stand-in listening at ${standIn.url}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
