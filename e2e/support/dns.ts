import { type DnsStandIn, startDnsStandIn } from "../../server/test/dns-stand-in";

/**
 * The DNS the e2e server asks for a custom domain's verification record (DNS_SERVERS in
 * playwright.config.ts: two ports after the app's). A test that verifies a domain starts it for
 * itself: one at a time, since the port is fixed.
 */
export const DNS_STAND_IN_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;

export const startE2eDns = (): Promise<DnsStandIn> => startDnsStandIn(DNS_STAND_IN_PORT);
