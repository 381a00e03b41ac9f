import { connect, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Proxies and clients on distinct loopback addresses (127.0.0.0/8 is all loopback on Linux), over raw sockets, so
 * each hop has an address of its own as it does in front of a deployed app. msw does not see raw sockets.
 */

export interface ForwardingProxy {
  port: number;
  close(): Promise<void>;
}

const HEAD_END = "\r\n\r\n";

/**
 * A reverse proxy as a load balancer is one: it appends the address it accepted the connection from to
 * X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`) and opens its own connection upstream from `bindAddress`.
 * One request per connection: clients send `Connection: close` (rawPost does).
 */
export async function startForwardingProxy(upstreamPort: number, bindAddress: string): Promise<ForwardingProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(HEAD_END);
      if (end < 0) return;
      client.off("data", onData);
      const [requestLine, ...lines] = buffered.subarray(0, end).toString("latin1").split("\r\n");
      const forwarded = lines
        .filter((line) => /^x-forwarded-for:/i.test(line))
        .map((line) => line.slice(line.indexOf(":") + 1).trim());
      const peer = (client.remoteAddress ?? "").replace(/^::ffff:/, "");
      const head = [
        requestLine,
        ...lines.filter((line) => !/^x-forwarded-for:/i.test(line)),
        `X-Forwarded-For: ${[...forwarded, peer].join(", ")}`,
      ].join("\r\n");
      const upstream = connect({ host: "127.0.0.1", port: upstreamPort, localAddress: bindAddress }, () => {
        upstream.write(head + HEAD_END);
        upstream.write(buffered.subarray(end + HEAD_END.length));
        client.pipe(upstream);
        upstream.pipe(client);
      });
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    };
    client.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A JSON POST over its own connection from `localAddress`, as HTTP/1.0 so the answer ends with the connection
 * (never chunked). `headers` may carry what the client writes into X-Forwarded-For.
 */
export function rawPost(
  port: number,
  path: string,
  options: { localAddress: string; body: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(options.body);
  const head = [
    `POST ${path} HTTP/1.0`,
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress: options.localAddress }, () =>
      // Not end(): a server ends a half-closed connection before it answers. It closes this one after its answer.
      socket.write(head + HEAD_END + body),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const payload = text.slice(text.indexOf(HEAD_END) + HEAD_END.length);
      resolve({ status, body: payload ? (JSON.parse(payload) as unknown) : null });
    });
  });
}
