import { request, type IncomingHttpHeaders } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as they came over the wire: never decoded (fetch would undo a Content-Encoding). */
  body: Buffer;
}

/** One request over node:http, its answer's bytes untouched. */
export function rawHttp(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}
