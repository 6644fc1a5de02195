/**
 * The local DNS stand-in (server/test/dns-stand-in.ts) as a process of its own, to verify a custom
 * domain by hand without the network:
 *   npx tsx scripts/dns-stand-in.ts _nelly.reservas.localtest.me=nelly-verify=…   (DNS_STAND_IN_PORT, default 5353)
 *   DNS_SERVERS=127.0.0.1:5353 npm start
 * Each argument is a TXT record, `name=value` (the value is everything after the first "=").
 */
import { startDnsStandIn } from "../server/test/dns-stand-in";

const dns = await startDnsStandIn(Number(process.env.DNS_STAND_IN_PORT ?? 5353));
for (const record of process.argv.slice(2)) {
  const split = record.indexOf("=");
  if (split < 1) throw new Error(`"${record}" is not name=value`);
  dns.setTxt(record.slice(0, split), record.slice(split + 1));
}
console.log(`DNS stand-in answering at ${dns.server}`);
// The socket does not hold the process (unref'd for the tests): this timer does, until a signal.
const alive = setInterval(() => {}, 1 << 30);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    clearInterval(alive);
    void dns.close().then(() => process.exit(0));
  });
}
