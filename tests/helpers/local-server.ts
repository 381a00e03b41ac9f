import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { server as msw } from "../mocks/server";

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback, for what msw cannot show: addresses, connections, redirects and
 * streaming as the network does them. msw lets requests to it through to the socket.
 */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  msw.use(http.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
  msw.use(http.all(`http://localhost:${port}/*`, () => passthrough()));
  return {
    origin,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
