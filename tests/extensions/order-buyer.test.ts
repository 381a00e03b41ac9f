import { describe, expect, it } from "vitest";
import {
  ageLine,
  buildBuyerView,
  buyerActionRequest,
  holdFailureMessage,
  type BuyerState,
} from "../../extensions/order-automation-block/src/buyer";
import blockEn from "../../extensions/order-automation-block/locales/en.default.json";
import blockEs from "../../extensions/order-automation-block/locales/es.json";

const NOW = new Date("2026-11-26T12:00:00Z");

function state(hold: Partial<BuyerState["hold"]>, answer: BuyerState["answer"] = null): BuyerState {
  return { answer, hold: { state: "none", since: null, problem: null, pending: null, ...hold } };
}

/** Whether a locale has the message (a plural form counts as one). */
function has(locale: unknown, key: string) {
  let node = locale;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" || (typeof node === "object" && node !== null && "other" in node);
}

describe("the order page's buyer section", () => {
  it("a held order without an answer: how long it waits and is held, and both buttons", () => {
    const view = buildBuyerView(state({ state: "held", since: "2026-11-26T09:00:00Z" }), NOW);
    expect(view).toEqual({
      answer: null,
      lines: [
        { key: "buyer.waiting.hours", values: { count: 3 } },
        { key: "buyer.hold.held.hours", values: { count: 3 } },
      ],
      actions: ["release", "cancel"],
    });
  });

  it("a confirmed and released order: the answer's badge and no buttons", () => {
    const view = buildBuyerView(
      state(
        { state: "released", since: "2026-11-26T11:00:00Z" },
        { answer: "confirmed", answeredAt: "2026-11-26T11:00:00Z", waitingSince: null, source: "callback" },
      ),
      NOW,
    );
    expect(view).toEqual({
      answer: { key: "buyer.answer.confirmed", tone: "success" },
      lines: [{ key: "buyer.hold.released" }],
      actions: [],
    });
  });

  it("a refused cancel says why and offers the cancel again, once the merchant has sorted it out", () => {
    const view = buildBuyerView(
      state({ state: "cancel_refused", since: "2026-11-26T11:00:00Z", problem: "INVALID: outstanding fulfillments" }),
      NOW,
    );
    expect(view.lines).toContainEqual({ key: "buyer.problem.fulfilled" });
    expect(JSON.stringify(view.lines)).not.toContain("INVALID");
    expect(view.actions).toEqual(["cancel"]);
  });

  it("words the platform's English refusals, never shows them", () => {
    const lines = (problem: string) =>
      buildBuyerView(state({ state: "not_held", since: "2026-11-26T11:00:00Z", problem }), NOW).lines;
    expect(lines("HTTP 503")).toContainEqual({ key: "buyer.problem.unavailable" });
    expect(lines("INVALID: Cannot cancel an order with outstanding fulfillments")).toContainEqual({
      key: "buyer.problem.fulfilled",
    });
    expect(lines("ACCESS_DENIED: something else")).toContainEqual({ key: "buyer.problem.other" });
  });

  it("no buttons while a release or cancel is on its way", () => {
    const view = buildBuyerView(state({ state: "held", since: "2026-11-26T11:00:00Z", pending: "release" }), NOW);
    expect(view.actions).toEqual([]);
    expect(view.lines.at(-1)).toEqual({ key: "buyer.pending.release" });
  });

  it("ages in minutes, hours, then days", () => {
    expect(ageLine("buyer.waiting", "2026-11-26T11:15:00Z", NOW)).toEqual({
      key: "buyer.waiting.minutes",
      values: { count: 45 },
    });
    expect(ageLine("buyer.waiting", "2026-11-23T12:00:00Z", NOW)).toEqual({
      key: "buyer.waiting.days",
      values: { count: 3 },
    });
  });

  it("posts the merchant's action as JSON to the hold route", () => {
    expect(buyerActionRequest("cancel", "gid://shopify/Order/1")).toEqual({
      url: "/api/orders/hold",
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orderId: "gid://shopify/Order/1", action: "cancel" }),
      },
    });
  });

  it("every key it shows has a message in English and Spanish", () => {
    const states = ["owed", "held", "released", "cancelled", "cancel_refused", "stood_down", "not_held"];
    const keys = new Set<string>();
    for (const hold of states) {
      for (const answer of ["confirmed", "refused", "no_answer"]) {
        const view = buildBuyerView(
          state(
            { state: hold, since: "2026-11-26T11:00:00Z", problem: "x", pending: "cancel" },
            { answer, answeredAt: "2026-11-26T11:00:00Z", waitingSince: null, source: "timeout" },
          ),
          NOW,
        );
        for (const line of view.lines) keys.add(line.key);
        if (view.answer) keys.add(view.answer.key);
      }
    }
    for (const action of ["release", "cancel"]) {
      keys.add(`buyer.action.${action}`);
      keys.add(`buyer.confirm.${action}`);
    }
    for (const key of keys) {
      expect(has(blockEn, key), `en: ${key}`).toBe(true);
      expect(has(blockEs, key), `es: ${key}`).toBe(true);
    }
  });

  it("words a refused release or cancel by its code: holds turned off in the app has its own sentence", async () => {
    const refusal = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    const off = await holdFailureMessage(
      refusal(409, { success: false, error: "Holds are off for this shop", code: "holds_off" }),
    );
    expect(off).toEqual({ key: "buyer.failure.holds_off" });
    expect(has(blockEn, off.key) && has(blockEs, off.key)).toBe(true);
    expect(
      await holdFailureMessage(refusal(401, { success: false, error: "Unauthorized", code: "unauthorized" })),
    ).toEqual({ key: "failure.unauthorized" });
    expect(await holdFailureMessage(new Response("<html>Bad gateway</html>", { status: 502 }))).toEqual({
      key: "failure.generic",
    });
  });
});
