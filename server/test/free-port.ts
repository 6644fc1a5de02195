import net from "node:net";

/**
 * A port no one listens on now, chosen by the kernel, for a test that starts a server process of
 * its own. A port drawn from a fixed range collides when both projects (PGlite and PostgreSQL) run
 * the same file at once on two workers.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
