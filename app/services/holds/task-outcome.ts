/** How a fulfilment task's try ends (./tasks.server.ts), shared with the risk hold's try (./risk-hold.server.ts). */

/** How a try ended: done (with what the platform answered), stood down (nothing to do, or the merchant acted). */
export type Outcome = {
  status: "done" | "stood_down";
  platformRef?: string | null;
  orderId?: string;
  problem?: string;
};

/** A try that failed: worth trying again (the platform down, throttled) or not (the platform refused). */
export class TaskProblem extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** What the try sent whose answer was lost, kept for the next try to recognise (a release's hold ids). */
    readonly sent?: string,
  ) {
    super(message);
  }
}
