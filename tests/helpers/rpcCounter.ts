// Issue 46: a JSON-RPC proxy in front of a real node (anvil) that notes every call passing through,
// so a test can tell what the follower asked the node (its head polls, a token's symbol()). The node
// answers every call itself; the proxy only forwards and counts.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface RpcCounter {
  /** The proxy's address: give it to the follower instead of the node's. */
  url: string;
  /** Every call forwarded so far, single or in a batch, in the order they arrived. */
  readonly calls: readonly RpcCall[];
  /** The calls so far that `matches`. */
  count(matches: (call: RpcCall) => boolean): number;
  close(): Promise<void>;
}

/** `eth_call`s to `contract` whose call data starts with `selector` (a 4-byte function selector). */
export function contractCall(contract: string, selector: string): (call: RpcCall) => boolean {
  return (call) => {
    if (call.method !== "eth_call") return false;
    const [request] = call.params as [{ to?: string; data?: string; input?: string }];
    const data = request?.data ?? request?.input ?? "";
    return request?.to?.toLowerCase() === contract.toLowerCase() && data.startsWith(selector);
  };
}

export async function startRpcCounter(nodeUrl: string): Promise<RpcCounter> {
  const calls: RpcCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const parsed = JSON.parse(body) as unknown;
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const { method, params } = call as { method: string; params?: unknown[] };
          calls.push({ method, params: params ?? [] });
        }
      } catch {
        // Not JSON: the node answers it as it would anyone.
      }
      try {
        const answer = await fetch(nodeUrl, {
          method: "POST",
          headers: { "content-type": request.headers["content-type"] ?? "application/json" },
          body,
        });
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        response.writeHead(502, { "content-type": "text/plain" });
        response.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (matches) => calls.filter(matches).length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
