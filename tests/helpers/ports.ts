import { createServer } from "node:net";

/**
 * A local TCP port nothing listens on right now: for a server the tests start (PostgreSQL), or the
 * address of a server that is not running.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
