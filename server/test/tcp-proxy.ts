import net from "node:net";

/**
 * A TCP proxy on loopback that can cut every connection and refuse new ones, as a database
 * restart looks from the application's side, then let them through again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    clients.add(client);
    client.on("close", () => clients.delete(client));
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    /** Drops every open connection and refuses new ones until `restore`. */
    async cut() {
      await new Promise<void>((resolve) => server.close(() => resolve()).unref());
      // The application's side is reset, as a server going down mid-connection does.
      for (const socket of clients) socket.resetAndDestroy();
      for (const socket of sockets) socket.destroy();
    },
    async restore() {
      await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
