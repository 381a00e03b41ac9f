/* global process, setInterval */
// Loaded into the app by the benchmark (NODE_OPTIONS=--import): reports the app's event-loop delay once a second,
// so a stall that burns no CPU (a synchronous wait inside a native call) shows up in the figures.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
setInterval(() => {
  process.stdout.write(
    `${JSON.stringify({ benchProbe: true, p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 })}\n`,
  );
  histogram.reset();
}, 1000).unref();
