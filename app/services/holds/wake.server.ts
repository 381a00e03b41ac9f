import { logger } from "../../logger.server";

/**
 * A hold is owed when routing completes and is wanted at once (the buyer's flow is already running): owing a task
 * wakes this process's task runner, as a stored webhook wakes the delivery worker, instead of leaving it to the
 * periodic run. The periodic run stays for tasks owed elsewhere and for retries.
 */

const listeners = new Set<() => void>();
/** This process's runner while it runs: the periodic job's pass waits its turn behind a woken one. */
let active: ReturnType<typeof startFulfilmentTaskWakeups> | null = null;

/** Called after a task became owed. Never throws: a lost wake-up only waits for the periodic run. */
export function wakeFulfilmentTasks() {
  for (const listener of listeners) listener();
}

/**
 * Runs `run` (the due tasks) when woken, one pass at a time in this process: a hold and a release of one order
 * must not run at once. Wake-ups during a pass are covered by one more pass after it. The periodic job's pass
 * (runInTurn) waits its turn the same way.
 */
export function startFulfilmentTaskWakeups(run: () => Promise<number>) {
  let current: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const pass = (work: () => Promise<number> = run): Promise<number> => {
    const next = (current ?? Promise.resolve(0)).then(
      () => work(),
      () => work(),
    );
    const mine = next.finally(() => {
      if (current !== mine) return;
      current = null;
      if (again && !stopped) {
        again = false;
        void pass().catch(logFailure);
      }
    });
    current = mine;
    return mine;
  };
  const wake = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    void pass().catch(logFailure);
  };
  listeners.add(wake);
  const runner = {
    wake,
    /** One pass now (of `work`, else the due tasks), after any under way. */
    run: pass,
    async stop() {
      stopped = true;
      listeners.delete(wake);
      if (active === runner) active = null;
      await current?.catch(() => 0);
    },
  };
  active = runner;
  return runner;
}

/** Runs `work` (the periodic job's pass) in turn with this process's woken passes, or at once when none runs. */
export function runInTurn(work: () => Promise<number>): Promise<number> {
  return active ? active.run(work) : work();
}

function logFailure(error: unknown) {
  logger.error({ err: error instanceof Error ? error.message : String(error) }, "fulfilment task run failed");
}
