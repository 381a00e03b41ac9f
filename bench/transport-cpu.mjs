/* global process, console, URL, Response, AbortSignal */
// CPU per call of the platform library's admin GraphQL client over undici's fetch and over the keep-alive transport
// (docs/decisions/175): `node bench/transport-cpu.mjs [calls]` (Node 24). The answering server runs in a child
// process, so only the client's CPU is counted; the two transports alternate, three runs each after a warm-up.
import { fork } from "node:child_process";
import http from "node:http";
import { createAdminApiClient } from "@shopify/admin-api-client";
import { createKeepAliveFetch } from "../app/services/net/keep-alive-fetch.server.ts";

if (process.argv[2] === "--server") {
  const body = JSON.stringify({
    data: { tagsAdd: { node: { id: "gid://shopify/Order/1" }, userErrors: [] } },
    extensions: { cost: { requestedQueryCost: 10, actualQueryCost: 10 } },
  });
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () =>
      response.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "X-Request-Id": "r" }).end(body),
    );
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
} else {
  const child = fork(new URL(import.meta.url), ["--server"]);
  const port = await new Promise((resolve) => child.once("message", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const toLocal = (fetchImpl) => (input, init) => fetchImpl(new URL(new URL(input).pathname, origin), init);
  const transports = { undici: toLocal(globalThis.fetch), keepAlive: toLocal(createKeepAliveFetch()) };
  const calls = Number(process.argv[2] ?? 3000);
  const query = `mutation TagsAdd($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } } }`;
  const run = async (name) => {
    const client = createAdminApiClient({
      storeDomain: "bench.myshopify.com",
      apiVersion: "2026-10",
      accessToken: "shpat_bench",
      customFetchApi: transports[name],
      logger: () => {},
    });
    let started = 0;
    const worker = async () => {
      while (started++ < calls) {
        const answer = await client.request(query, {
          variables: { id: "gid://shopify/Order/1", tags: ["a"] },
          signal: AbortSignal.timeout(10_000),
        });
        if (!answer.data) throw new Error("no data");
        // What shopify-app-remix's admin.graphql does with each answer.
        await new Response(JSON.stringify(answer)).json();
      }
    };
    const cpu = process.cpuUsage();
    await Promise.all(Array.from({ length: 8 }, worker));
    const used = process.cpuUsage(cpu);
    return { transport: name, cpuMicrosecondsPerCall: Math.round((used.user + used.system) / calls) };
  };
  await run("undici");
  await run("keepAlive");
  for (const name of ["undici", "keepAlive", "undici", "keepAlive", "undici", "keepAlive"]) {
    console.log(JSON.stringify(await run(name)));
  }
  child.kill();
}
