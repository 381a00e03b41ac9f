/* global process, setInterval */
// Loaded into the app by the benchmark (NODE_OPTIONS=--import): reports the app's event-loop delay once a second,
// so a stall that burns no CPU (a synchronous wait inside a native call) shows up in the figures. Besides each
// second's figures it keeps one histogram of the measured window, which SIGUSR2 (sent by the bench as it starts
// sending) resets: its p50 and p99 are the run's. The histogram holds the time between two ticks of a 10 ms timer;
// the delay is what exceeds those 10 ms.
import { monitorEventLoopDelay } from "node:perf_hooks";

const RESOLUTION_MS = 10;

const second = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const run = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
second.enable();
run.enable();
process.on("SIGUSR2", () => run.reset());
// Where the resident memory is (MB): the main thread's V8 heap, memory held outside it (Buffers, WebAssembly), and
// the rest of the process (code, the SQLite thread's isolate and page cache, allocator slack).
const memory = () => {
  const usage = process.memoryUsage();
  const mb = (bytes) => Math.round(bytes / 1048576);
  return {
    rss: mb(usage.rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
  };
};
const ms = (ns) => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
setInterval(() => {
  process.stdout.write(
    `${JSON.stringify({
      benchProbe: true,
      p50Ms: ms(second.percentile(50)),
      p99Ms: ms(second.percentile(99)),
      maxMs: ms(second.max),
      run: { p50Ms: ms(run.percentile(50)), p99Ms: ms(run.percentile(99)), maxMs: ms(run.max) },
      memoryMb: memory(),
    })}\n`,
  );
  second.reset();
}, 1000).unref();
