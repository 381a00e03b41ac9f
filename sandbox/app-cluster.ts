/**
 * Several web processes of the app behind one port (node:cluster): what a fleet of web instances behind a load
 * balancer looks like on one machine. The primary only forks, passes connections round-robin and restarts a web
 * process that dies (as a process manager or an orchestrator would); each web process serves the production build
 * (server/app-server.ts). Used by the benchmark and the chaos proof (`--web N`), with WEB_PROCESSES set.
 */
import cluster from "node:cluster";
import { startAppServer } from "../server/app-server";

const log = (msg: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 30, msg, ...fields }));

if (cluster.isPrimary) {
  const count = Math.max(1, Number(process.env.WEB_PROCESSES ?? 2));
  let stopping = false;
  cluster.on("online", (worker) => log("web process started", { webPid: worker.process.pid }));
  cluster.on("exit", (worker, code, signal) => {
    log("web process exited", { webPid: worker.process.pid, code, signal, exitedPid: worker.process.pid });
    if (!stopping) cluster.fork();
  });
  for (let i = 0; i < count; i++) cluster.fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    const done = () => !Object.keys(cluster.workers ?? {}).length && process.exit(0);
    cluster.on("exit", done);
    done();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} else {
  const port = Number(process.env.PORT ?? 3000);
  const server = await startAppServer(port);
  log("web process listening", { listeningPid: process.pid, port });
  process.once("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  });
}
