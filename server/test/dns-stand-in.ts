import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

/**
 * A local DNS server for the custom domains' verification (`server/landings/dns-txt.ts`), so Node's
 * own resolver can be pointed at it (DNS_SERVERS) and no test asks the network. It answers TXT
 * questions over UDP from the records a test sets, as a domain's name server would: the records
 * at that name, NXDOMAIN for a name with none, and SERVFAIL while `failing` is set (a DNS that
 * cannot be asked). No vitest import: Playwright's global setup starts it too.
 */
export type DnsStandIn = {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  server: string;
  /** Sets the TXT records at `name` (none removes them). */
  setTxt(name: string, ...values: string[]): void;
  /** While true, every question is answered SERVFAIL. */
  failing: boolean;
  close(): Promise<void>;
};

export async function startDnsStandIn(port = 0): Promise<DnsStandIn> {
  const records = new Map<string, string[]>();
  const socket = dgram.createSocket("udp4");
  const standIn: DnsStandIn = {
    server: "",
    setTxt: (name, ...values) => {
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    failing: false,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (message, from) => {
    let query: packet.DecodedPacket;
    try {
      query = packet.decode(message);
    } catch {
      return; // Not DNS: a real server drops it too.
    }
    const question = query.questions?.[0];
    const values = question ? records.get(question.name.toLowerCase()) : undefined;
    const answers =
      question?.type === "TXT" && values
        ? values.map((value) => ({ type: "TXT" as const, name: question.name, ttl: 60, data: value }))
        : [];
    // The response code is the flags' low four bits (RFC 1035 §4.1.1): 0 no error, 2 SERVFAIL, 3 NXDOMAIN.
    const rcode = standIn.failing ? 2 : values ? 0 : 3;
    const reply = packet.encode({
      id: query.id,
      type: "response",
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | packet.AUTHORITATIVE_ANSWER | rcode,
      questions: query.questions,
      answers: standIn.failing ? [] : answers,
    });
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject); // a port already taken
    socket.bind(port, "127.0.0.1", () => {
      socket.off("error", reject);
      resolve();
    });
  });
  standIn.server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  // The tests' process may end with it open: it must not keep the process alive.
  socket.unref();
  return standIn;
}
