/**
 * A process that claims one job and never finishes it: the contract suite kills it with SIGKILL and expects the
 * job to go to another process when the lease is over (tests/services/jobs/contract.test.ts).
 */
import { jobEngine } from "./engines";

const engine = jobEngine(
  {
    stuck: {
      retryDelaysMs: [],
      pause: { holds: false, why: "test" },
      concurrency: 1,
      handler: async () => async () => {
        process.stdout.write("claimed\n");
        await new Promise(() => {});
      },
    },
  },
  "doomed",
  { leaseMs: 1_000 },
);
await engine.queue.add("stuck", { key: "stuck-1", shop: "a.myshopify.com" });
await engine.queue.start();
