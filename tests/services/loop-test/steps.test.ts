import { describe, expect, it } from "vitest";
import { describeDeliveryError, type DeliveryError } from "~/lib/delivery-errors";
import { evaluateLoop, LOOP_DEADLINES_MS, type LoopFacts } from "~/services/loop-test/steps.server";

const START = new Date("2026-11-23T15:00:00.000Z");
const after = (ms: number) => new Date(START.getTime() + ms);

function facts(
  overrides: Partial<LoopFacts> = {},
  delivery: Partial<NonNullable<LoopFacts["delivery"]>> | null = null,
) {
  return {
    startedAt: START,
    now: after(1_000),
    paused: false,
    callbackSeenAt: null,
    tagProblem: null,
    delivery: delivery && {
      createdAt: after(400),
      status: "queued",
      deliveredAt: null,
      lastError: null,
      error: null,
      callbackAt: null,
      callbackStatus: null,
      tagsApplied: [],
      ...delivery,
    },
    ...overrides,
  } satisfies LoopFacts;
}

const states = (evaluation: ReturnType<typeof evaluateLoop>) => evaluation.steps.map((step) => step.state);

describe("following the loop test", () => {
  it("passes with each step's time since the start once the tag is on the order", () => {
    const evaluation = evaluateLoop(
      facts(
        { now: after(3_000), callbackSeenAt: after(2_100) },
        {
          status: "delivered",
          deliveredAt: after(900),
          callbackAt: after(2_150),
          callbackStatus: "success",
          tagsApplied: ["automation-processed"],
        },
      ),
    );
    expect(evaluation).toMatchObject({
      outcome: "passed",
      failedStep: null,
      problem: null,
      flowReportedFailure: false,
    });
    expect(evaluation.steps.map((step) => [step.key, step.afterMs])).toEqual([
      ["webhook", 400],
      ["trigger", 900],
      ["callback", 2_100],
      ["tag", 2_150],
    ]);
  });

  it("waits for the next step while its deadline has not passed", () => {
    const evaluation = evaluateLoop(facts({ now: after(LOOP_DEADLINES_MS.webhook) }));
    expect(evaluation.outcome).toBe("running");
    expect(states(evaluation)).toEqual(["waiting", "pending", "pending", "pending"]);
  });

  it("fails the webhook step when no orders/create arrived in time", () => {
    const evaluation = evaluateLoop(facts({ now: after(LOOP_DEADLINES_MS.webhook + 1) }));
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "webhook", problem: "no_webhook" });
    expect(states(evaluation)).toEqual(["failed", "pending", "pending", "pending"]);
  });

  it("fails the trigger step at once when the shop's automation is paused", () => {
    const evaluation = evaluateLoop(facts({ paused: true }, {}));
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "trigger", problem: "automation_paused" });
    expect(states(evaluation)).toEqual(["done", "failed", "pending", "pending"]);
  });

  /** A delivery as the worker stores it: the code, its parameters and the English sentence made from them. */
  const failedWith = (status: string, error: DeliveryError) => ({
    status,
    error,
    lastError: describeDeliveryError(error),
  });

  it.each([
    ["no_api_key", "no_api_key"],
    ["no_order_flow", "no_flow"],
    ["payload_erased", "trigger_skipped"],
  ] as const)("names a skipped trigger by its reason (%s)", (code, problem) => {
    const delivery = failedWith("skipped", { code });
    const evaluation = evaluateLoop(facts({}, delivery));
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "trigger", problem, detail: delivery.lastError });
  });

  it.each([
    ["retrying", { code: "trigger_http", params: { status: 401, detail: "Unauthorized" } }, "key_refused"],
    ["dead", { code: "trigger_http", params: { status: 403, gaveUpAfter: 5 } }, "key_refused"],
    ["retrying", { code: "trigger_http", params: { status: 404, detail: "Flow f_9 not found" } }, "flow_not_found"],
    ["retrying", { code: "trigger_http", params: { status: 422, detail: "bad payload" } }, "automation_refused"],
    ["retrying", { code: "trigger_http", params: { status: 503 } }, "automation_unreachable"],
    ["retrying", { code: "trigger_http", params: { status: 429 } }, "automation_unreachable"],
    ["retrying", { code: "trigger_timeout" }, "automation_unreachable"],
    ["retrying", { code: "trigger_unreachable", params: { detail: "ECONNREFUSED" } }, "automation_unreachable"],
  ] as const)("names a %s trigger by the automation platform's answer (%j)", (status, error, problem) => {
    const delivery = failedWith(status, error);
    const evaluation = evaluateLoop(facts({}, delivery));
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "trigger", problem, detail: delivery.lastError });
  });

  it("fails the trigger step when the worker has not sent the order in time", () => {
    const waiting = evaluateLoop(facts({ now: after(400 + LOOP_DEADLINES_MS.trigger) }, { status: "delivering" }));
    expect(waiting.outcome).toBe("running");
    const late = evaluateLoop(facts({ now: after(401 + LOOP_DEADLINES_MS.trigger) }, { status: "queued" }));
    expect(late).toMatchObject({ outcome: "failed", failedStep: "trigger", problem: "no_trigger" });
  });

  it("fails the callback step when the flow never called back", () => {
    const delivered = { status: "delivered", deliveredAt: after(900) };
    expect(evaluateLoop(facts({ now: after(900 + LOOP_DEADLINES_MS.callback) }, delivered)).outcome).toBe("running");
    const evaluation = evaluateLoop(facts({ now: after(901 + LOOP_DEADLINES_MS.callback) }, delivered));
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "callback", problem: "no_callback" });
    expect(states(evaluation)).toEqual(["done", "done", "failed", "pending"]);
  });

  it("fails the tag step at once when the platform refused the callback's tags", () => {
    const evaluation = evaluateLoop(
      facts(
        { callbackSeenAt: after(2_000), tagProblem: "The platform refused the tags: Tags are invalid" },
        { status: "delivered", deliveredAt: after(900) },
      ),
    );
    expect(evaluation).toMatchObject({
      outcome: "failed",
      failedStep: "tag",
      problem: "tag_refused",
      detail: "The platform refused the tags: Tags are invalid",
    });
    expect(states(evaluation)).toEqual(["done", "done", "done", "failed"]);
  });

  it("fails the tag step when a callback came but no tag was recorded in time", () => {
    const evaluation = evaluateLoop(
      facts(
        { callbackSeenAt: after(2_000), now: after(2_001 + LOOP_DEADLINES_MS.tag) },
        { status: "delivered", deliveredAt: after(900) },
      ),
    );
    expect(evaluation).toMatchObject({ outcome: "failed", failedStep: "tag", problem: "no_tag" });
  });

  it("does not count a callback before the trigger's answer as the loop, and says when the flow reported a failure", () => {
    const early = evaluateLoop(facts({ callbackSeenAt: after(800) }, { status: "delivering" }));
    expect(states(early)).toEqual(["done", "waiting", "pending", "pending"]);
    const failedFlow = evaluateLoop(
      facts(
        {},
        {
          status: "flow_failed",
          deliveredAt: after(900),
          callbackAt: after(950),
          callbackStatus: "error",
          tagsApplied: ["automation-error"],
        },
      ),
    );
    expect(failedFlow).toMatchObject({ outcome: "passed", flowReportedFailure: true });
  });
});

describe("following the loop test while the shop holds orders until the buyer answers", () => {
  const tagged = {
    status: "delivered",
    deliveredAt: after(900),
    callbackAt: after(2_150),
    callbackStatus: "success",
    tagsApplied: ["automation-processed"],
  };

  it("passes only once the test order was held and then released, each with its time", () => {
    const held = evaluateLoop(
      facts(
        {
          now: after(3_000),
          callbackSeenAt: after(2_100),
          hold: { heldAt: after(1_800), releasedAt: null, problem: null },
        },
        tagged,
      ),
    );
    expect(held.outcome).toBe("running");
    expect(held.steps.map((step) => [step.key, step.state])).toEqual([
      ["webhook", "done"],
      ["trigger", "done"],
      ["callback", "done"],
      ["tag", "done"],
      ["hold", "done"],
      ["release", "waiting"],
    ]);
    const released = evaluateLoop(
      facts(
        {
          now: after(12_000),
          callbackSeenAt: after(2_100),
          hold: { heldAt: after(1_800), releasedAt: after(11_000), problem: null },
        },
        tagged,
      ),
    );
    expect(released.outcome).toBe("passed");
    expect(released.steps.slice(4).map((step) => [step.key, step.afterMs])).toEqual([
      ["hold", 1_800],
      ["release", 11_000],
    ]);
  });

  it("fails the hold step with what the app saw when the hold was not placed", () => {
    const evaluation = evaluateLoop(
      facts(
        {
          now: after(3_000),
          callbackSeenAt: after(2_100),
          hold: { heldAt: null, releasedAt: null, problem: "ACCESS_DENIED: missing scope" },
        },
        tagged,
      ),
    );
    expect(evaluation).toMatchObject({
      outcome: "failed",
      failedStep: "hold",
      problem: "no_hold",
      detail: "ACCESS_DENIED: missing scope",
    });
  });

  it("fails the hold step at its deadline when no hold came, and the release step at its own", () => {
    const noHold = evaluateLoop(
      facts(
        {
          now: after(2_150 + LOOP_DEADLINES_MS.hold + 1),
          callbackSeenAt: after(2_100),
          hold: { heldAt: null, releasedAt: null, problem: null },
        },
        tagged,
      ),
    );
    expect(noHold).toMatchObject({ outcome: "failed", failedStep: "hold", problem: "no_hold" });
    const noRelease = evaluateLoop(
      facts(
        {
          now: after(5_000 + LOOP_DEADLINES_MS.release + 1),
          callbackSeenAt: after(2_100),
          hold: { heldAt: after(5_000), releasedAt: null, problem: null },
        },
        tagged,
      ),
    );
    expect(noRelease).toMatchObject({ outcome: "failed", failedStep: "release", problem: "no_release" });
  });
});
