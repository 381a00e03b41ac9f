import { describe, expect, it } from "vitest";
import {
  actionFor,
  actionRequest,
  buildStory,
  clockLabel as storyClockLabel,
  errorLine,
  failureMessage,
  untilLine,
  WORDED_FAILURES,
  type StoryDelivery,
} from "../../extensions/order-automation-block/src/story";
import { resendRequest, resendState, sentLine } from "../../extensions/order-automation-action/src/resend";
import blockEn from "../../extensions/order-automation-block/locales/en.default.json";
import blockEs from "../../extensions/order-automation-block/locales/es.json";
import actionEn from "../../extensions/order-automation-action/locales/en.default.json";
import actionEs from "../../extensions/order-automation-action/locales/es.json";
import { clockLabel } from "../../app/lib/sending-hours";

const NOW = new Date("2026-11-23T10:00:00Z");

function delivery(overrides: Partial<StoryDelivery> = {}): StoryDelivery {
  return {
    id: "d1",
    topic: "orders/create",
    status: "delivered",
    attempts: 1,
    flowId: "f_101",
    flowName: "Confirmar pedido",
    nextAttemptAt: null,
    lastError: null,
    createdAt: "2026-11-23T09:00:00Z",
    deliveredAt: "2026-11-23T09:00:01Z",
    callbackStatus: null,
    callbackAt: null,
    tagsApplied: [],
    ...overrides,
  };
}

describe("the order block's last error, in the merchant's language", () => {
  it("words an error by its stored code, with the HTTP status or attempts it carries", () => {
    const line = (lastErrorCode: string, lastErrorParams: StoryDelivery["lastErrorParams"] = null) =>
      errorLine(delivery({ status: "retrying", lastError: "English sentence", lastErrorCode, lastErrorParams }));
    expect(line("trigger_http", { status: 401 })).toEqual({ key: "error.trigger_http_401", values: { status: 401 } });
    expect(line("trigger_http", { status: 503 })).toEqual({ key: "error.trigger_http_5xx", values: { status: 503 } });
    expect(line("trigger_http", { status: 418 })).toEqual({ key: "error.trigger_http_other", values: { status: 418 } });
    expect(line("worker_stopped", { attempts: 5 })).toEqual({ key: "error.worker_stopped", values: { count: 5 } });
    expect(line("no_order_flow")).toEqual({ key: "error.no_order_flow" });
  });

  it("words a row from before the codes in general, never with the server's English sentence", () => {
    expect(errorLine(delivery({ status: "dead", lastError: "HTTP 503" }))).toEqual({ key: "story.unrecordedError" });
    expect(errorLine(delivery({ status: "dead", lastErrorCode: "a_code_from_the_future", lastError: "x" }))).toEqual({
      key: "story.unrecordedError",
    });
    expect(errorLine(delivery({ status: "dead" }))).toBeNull();
  });

  it("has an English and a Spanish message for every code the app stores", async () => {
    const { DELIVERY_ERROR_CODES } = await import("~/lib/delivery-errors");
    const en = new Set(keys(blockEn));
    const es = new Set(keys(blockEs));
    for (const code of DELIVERY_ERROR_CODES) {
      for (const status of [401, 403, 404, 422, 429, 500, 418]) {
        const line = errorLine(delivery({ status: "dead", lastErrorCode: code, lastErrorParams: { status } }))!;
        expect(line.key).not.toBe("story.unrecordedError");
        expect(en).toContain(line.key);
        expect(es).toContain(line.key);
      }
    }
  });
});

describe("the order block's story", () => {
  it("tells a delivered order with its flow, attempts, callback outcome and tags, and offers Resend", () => {
    const story = buildStory(
      [delivery({ attempts: 2, callbackStatus: "success", tagsApplied: ["confirmed", "whatsapp"] })],
      NOW,
    );
    expect(story).toEqual({
      deliveryId: "d1",
      tone: "success",
      status: { key: "status.delivered" },
      lines: [
        { key: "story.flow", values: { flow: "Confirmar pedido" } },
        { key: "story.attempts", values: { count: 2 } },
        { key: "story.outcome.success" },
      ],
      tags: ["confirmed", "whatsapp"],
      action: "resend",
      earlier: 0,
    });
  });

  it("says a delivered order still waits for its outcome, and names the flow by id when its name is unknown", () => {
    const story = buildStory([delivery({ flowName: null })], NOW);
    expect(story.lines).toEqual([
      { key: "story.flow", values: { flow: "f_101" } },
      { key: "story.attempts", values: { count: 1 } },
      { key: "story.awaitingCallback" },
    ]);
  });

  it("shows a retrying delivery's next try and last error, and offers Retry now", () => {
    const story = buildStory(
      [delivery({ status: "retrying", attempts: 3, nextAttemptAt: "2026-11-23T10:29:30Z", lastError: "HTTP 503" })],
      NOW,
    );
    expect(story.tone).toBe("caution");
    expect(story.action).toBe("retryNow");
    expect(story.lines).toContainEqual({ key: "story.nextRetryMinutes", values: { count: 30 } });
    expect(story.lines).toContainEqual({ key: "story.unrecordedError" });
  });

  it("tells the newest of several deliveries and counts the earlier ones", () => {
    const story = buildStory([delivery({ id: "new", status: "queued" }), delivery({ id: "old" })], NOW);
    expect(story).toMatchObject({ deliveryId: "new", tone: "info", action: null, earlier: 1 });
  });

  it("says the app never received an order it has no delivery for, with no button", () => {
    expect(buildStory([], NOW)).toMatchObject({ status: { key: "story.none" }, action: null, deliveryId: null });
  });

  it("treats the flow_failed status as a failure the merchant can resend, and an unknown status neutrally", () => {
    expect(buildStory([delivery({ status: "flow_failed" })], NOW)).toMatchObject({
      tone: "critical",
      status: { key: "status.flow_failed" },
      action: "resend",
    });
    expect(buildStory([delivery({ status: "archived" })], NOW)).toMatchObject({
      tone: "neutral",
      status: { key: "status.unknown" },
      action: null,
    });
  });

  it("offers Retry for dead and skipped deliveries and nothing while one is on its way", () => {
    expect(actionFor("dead")).toBe("retry");
    expect(actionFor("skipped")).toBe("retry");
    expect(actionFor("queued")).toBeNull();
    expect(actionFor("delivering")).toBeNull();
  });

  it("counts the time to the next try in minutes, then hours, and says now when it is due", () => {
    expect(untilLine("2026-11-23T09:59:00Z", NOW)).toEqual({ key: "story.nextRetryNow" });
    expect(untilLine("2026-11-23T10:00:01Z", NOW)).toEqual({ key: "story.nextRetryMinutes", values: { count: 1 } });
    expect(untilLine("2026-11-23T15:00:00Z", NOW)).toEqual({ key: "story.nextRetryHours", values: { count: 5 } });
  });

  it("calls the retry route for Retry and Retry now, and the resend route with the order id for Resend", () => {
    expect(actionRequest("retry", "d/1", "gid://shopify/Order/1")).toEqual({
      url: "/api/deliveries/d%2F1/retry",
      init: { method: "POST" },
    });
    const resend = actionRequest("resend", "d1", "gid://shopify/Order/1");
    expect(resend.url).toBe("/api/deliveries/resend");
    expect(JSON.parse(resend.init.body as string)).toEqual({ orderId: "gid://shopify/Order/1" });
    expect(resendRequest("gid://shopify/Order/1")).toEqual(resend);
    // Once the merchant confirmed that the flow runs again, both say so in the request.
    const confirmed = actionRequest("resend", "d1", "gid://shopify/Order/1", true);
    expect(JSON.parse(confirmed.init.body as string)).toEqual({
      orderId: "gid://shopify/Order/1",
      confirmRepeat: true,
    });
    expect(resendRequest("gid://shopify/Order/1", true)).toEqual(confirmed);
  });

  it("words a failed answer by the app's code, never its English sentence, and a general failure otherwise", async () => {
    const refused = Response.json(
      { success: false, error: "This delivery already reached the automation platform", code: "already_delivered" },
      { status: 409 },
    );
    expect(await failureMessage(refused)).toEqual({ key: "failure.already_delivered" });
    expect(await failureMessage(Response.json({ success: false, error: "Nope", code: "teapot" }))).toEqual({
      key: "failure.generic",
    });
    expect(await failureMessage(new Response("<html>", { status: 502 }))).toEqual({ key: "failure.generic" });
  });

  it("says a waiting order waits for the merchant while automation is paused, not for its next try", () => {
    const waiting = delivery({ status: "retrying", nextAttemptAt: "2026-11-23T10:29:30Z" });
    expect(buildStory([waiting], NOW, true).lines).toContainEqual({ key: "story.paused" });
    expect(buildStory([waiting], NOW, true).lines).not.toContainEqual(
      expect.objectContaining({ key: "story.nextRetryMinutes" }),
    );
    expect(buildStory([delivery()], NOW, true).lines).not.toContainEqual({ key: "story.paused" });
  });

  it("words the refusals of a repeat in the merchant's language, by their code", async () => {
    for (const code of ["repeat_cooldown", "repeat_needs_confirmation", "loop_test_ended"]) {
      const refused = Response.json({ success: false, error: "This order's flow ran recently", code }, { status: 409 });
      expect(await failureMessage(refused)).toEqual({ key: `failure.${code}` });
    }
  });
});

describe("the order action: what it offers says what will happen to the order", () => {
  const latest = (status: string, lastErrorCode: string | null = null, opensAt?: string) => ({
    status,
    lastErrorCode,
    lastErrorParams: opensAt ? { opensAt } : null,
  });
  const say = (state: ReturnType<typeof resendState>, messages: Record<string, unknown>) =>
    [state.messageKey, ...(state.whenKey ? [state.whenKey] : [])]
      .map((key) => translate(messages, key, state.values))
      .join(" ");

  it("runs a delivered or flow-failed order's flow again only with the warning: the buyer may get another message", () => {
    for (const status of ["delivered", "flow_failed"]) {
      const state = resendState(latest(status));
      expect(state).toMatchObject({ allowed: true, send: "again", buttonKey: "resend.buttonAgain" });
      expect(say(state, actionEs)).toMatch(/^El flujo de este pedido ya se ejecutó\. Al enviarlo de nuevo/);
      expect(translate(actionEs, state.buttonKey)).toBe("Enviar de nuevo");
      expect(translate(actionEn, state.buttonKey)).toBe("Send again");
    }
  });

  it("retries an order the platform never took, without saying it goes to the flow again", () => {
    const state = resendState(latest("dead", "trigger_http"));
    expect(state).toMatchObject({ allowed: true, send: "retry" });
    expect(say(state, actionEs)).toBe(
      "Este pedido no llegó a tu flujo: la plataforma de automatización no lo recibió. Se intenta enviar otra vez.",
    );
    expect(say(state, actionEn)).toBe(
      "This order did not reach your flow: the automation platform did not take it. The app tries to send it once more.",
    );
    expect(translate(actionEs, state.buttonKey)).toBe("Reintentar");
    expect(translate(actionEn, state.buttonKey)).toBe("Retry");
  });

  it("sends an order skipped for another reason as a first send", () => {
    const state = resendState(latest("skipped", "no_phone"));
    expect(state).toMatchObject({ allowed: true, send: "retry", buttonKey: "resend.buttonFirst" });
    expect(say(state, actionEs)).toBe(
      "Este pedido no se envió a tu flujo. Si lo envías, tu flujo se ejecuta y el comprador puede recibir su mensaje.",
    );
    expect(translate(actionEs, state.buttonKey)).toBe("Enviar al flujo");
    expect(translate(actionEn, state.buttonKey)).toBe("Send to the flow");
  });

  it("offers an order held by a rule as a first send, anyway, and says when it goes (docs/decisions/282)", () => {
    const atOpening = { goes: "at_opening", opensAt: "08:00" } as const;
    const noMobile = resendState(latest("skipped", "held_no_mobile"), { sendAnyway: atOpening });
    expect(noMobile).toMatchObject({ allowed: true, send: "anyway", buttonKey: "resend.buttonAnyway" });
    expect(say(noMobile, actionEs)).toBe(
      "Tus reglas retuvieron este pedido porque su teléfono no es un celular, así que nunca se envió a tu flujo. Si lo envías, el comprador recibirá por WhatsApp el mensaje de confirmación de tu flujo, aunque es posible que no llegue a ese número. Estás fuera de tu horario de envío: se enviará a las 8:00, hora de tu tienda.",
    );
    expect(say(noMobile, actionEn)).toBe(
      "Your rules held this order because its phone is not a mobile, so it was never sent to your flow. If you send it, the buyer will get your flow's confirmation message on WhatsApp, though it may not reach that number. You are outside your sending hours: it will be sent at 8:00, your store's time.",
    );
    expect(translate(actionEs, noMobile.buttonKey)).toBe("Enviar de todos modos");
    expect(translate(actionEn, noMobile.buttonKey)).toBe("Send anyway");

    const duplicate = resendState(latest("skipped", "held_possible_duplicate"), { sendAnyway: { goes: "now" } });
    expect(say(duplicate, actionEs)).toBe(
      "Tus reglas retuvieron este pedido porque puede ser un duplicado, así que nunca se envió a tu flujo. Si lo envías, el comprador recibirá por WhatsApp el mensaje de confirmación de tu flujo también por este pedido. Se envía a tu flujo en cuanto confirmes.",
    );
    const paused = resendState(latest("skipped", "held_possible_duplicate"), { sendAnyway: { goes: "when_resumed" } });
    expect(say(paused, actionEn)).toMatch(/Automation is paused: it will be sent when you resume it\.$/);
    for (const state of [noMobile, duplicate, paused]) {
      for (const messages of [actionEs, actionEn])
        expect(say(state, messages)).not.toMatch(/de nuevo|again|otra vez|once more/i);
    }
  });

  it("words the answer of a send anyway by when it goes, never as sent again", () => {
    expect(sentLine({ goes: "now" })).toEqual({ key: "resend.sentAnyway.now" });
    expect(translate(actionEs, "resend.sentAnyway.now")).toBe(
      "Pedido enviado al flujo. El bloque de automatización del pedido muestra cómo avanza.",
    );
    const later = sentLine({ goes: "at_opening", opensAt: "08:00" });
    expect(translate(actionEs, later.key, later.values)).toBe("Se enviará a las 8:00, hora de tu tienda.");
    expect(translate(actionEn, later.key, later.values)).toBe("It will be sent at 8:00, your store's time.");
    expect(translate(actionEs, sentLine({ goes: "when_resumed" }).key)).toBe(
      "Se enviará cuando reanudes la automatización.",
    );
    expect(sentLine(undefined)).toEqual({ key: "resend.sent" });
  });

  it("offers nothing for an order waiting for the sending hours: it goes by itself, at the opening", () => {
    const state = resendState(latest("queued", "waiting_for_window", "08:00"));
    expect(state).toMatchObject({ allowed: false });
    expect(say(state, actionEs)).toBe(
      "Este pedido espera tu horario de envío: se enviará a tu flujo a las 8:00, hora de tu tienda.",
    );
    expect(say(state, actionEn)).toBe(
      "This order is waiting for your sending hours: it will be sent to your flow at 8:00, your store's time.",
    );
    const paused = resendState(latest("queued", "waiting_for_window", "08:00"), { paused: true });
    expect(say(paused, actionEs)).toBe(
      "La automatización está en pausa: el pedido se envía cuando la reanudes en la app.",
    );
  });

  it("refuses while the order is on its way, and for an order the app never received", () => {
    for (const status of ["queued", "delivering", "retrying"]) {
      expect(resendState(latest(status))).toMatchObject({ allowed: false, messageKey: "resend.pending" });
    }
    expect(resendState(null)).toMatchObject({ allowed: false, messageKey: "resend.unknownOrder" });
  });

  it('is named, in the admin\'s menu and its heading, for every order: without "again"', () => {
    expect([actionEs.name, actionEs.heading]).toEqual([
      "Enviar al flujo de automatización",
      "Enviar al flujo de automatización",
    ]);
    expect([actionEn.name, actionEn.heading]).toEqual(["Send to the automation flow", "Send to the automation flow"]);
  });
});

/** A message as the admin renders it: a dotted key, {{name}} placeholders. */
function translate(messages: Record<string, unknown>, key: string, values: Record<string, string | number> = {}) {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  if (typeof found !== "string") throw new Error(`no message ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  const entries = Object.entries(value as Record<string, unknown>);
  // A plural form ({ one, other }) is one message.
  if (entries.every(([key]) => ["zero", "one", "two", "few", "many", "other"].includes(key))) return [prefix];
  return entries.flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe("the extensions' translations", () => {
  it("have the same keys in English and Spanish", () => {
    expect(keys(blockEs).sort()).toEqual(keys(blockEn).sort());
    expect(keys(actionEs).sort()).toEqual(keys(actionEn).sort());
  });

  it("have a message for every status, line and button the logic can produce", () => {
    const known = new Set(keys(blockEn));
    const statuses = ["queued", "delivering", "delivered", "retrying", "dead", "flow_failed", "skipped", "archived"];
    const stories = statuses.map((status) =>
      buildStory(
        [delivery({ status, lastError: "x", callbackStatus: "ok", nextAttemptAt: "2026-11-23T12:00:00Z" })],
        NOW,
      ),
    );
    stories.push(buildStory([], NOW));
    for (const story of stories) {
      for (const line of [story.status, ...story.lines]) expect(known).toContain(line.key);
      if (story.action) expect(known).toContain(`action.${story.action}`);
    }
    const actionKeys = new Set(keys(actionEn));
    for (const status of [...statuses, null]) {
      const state = resendState(status === null ? null : { status, lastErrorCode: null, lastErrorParams: null });
      expect(actionKeys).toContain(state.messageKey);
      expect(actionKeys).toContain(state.buttonKey);
    }
    for (const code of [...WORDED_FAILURES, "generic", "network"]) {
      expect(known).toContain(`failure.${code}`);
      expect(actionKeys).toContain(`failure.${code}`);
    }
  });
});

describe("the order block for an order waiting for the shop's sending hours", () => {
  const waiting = delivery({
    status: "queued",
    attempts: 0,
    deliveredAt: null,
    nextAttemptAt: "2026-11-23T13:00:00Z",
    lastErrorCode: "waiting_for_window",
    lastErrorParams: { opensAt: "08:00" },
  });

  it("says when it goes out, in the shop's time, in both languages", () => {
    // The shop's clock as every admin page words it (app/lib/sending-hours.ts clockLabel): 8:00, never 08:00.
    const line = { key: "error.waiting_for_window", values: { opensAt: "8:00" } };
    expect(buildStory([waiting], NOW).lines).toContainEqual(line);
    expect(blockEs.error.waiting_for_window.replace("{{opensAt}}", "8:00")).toMatch(/^Sale a las 8:00,/);
    expect(blockEn.error.waiting_for_window.replace("{{opensAt}}", "8:00")).toMatch(/^Goes out at 8:00,/);
    const evening = delivery({ ...waiting, lastErrorParams: { opensAt: "20:30" } });
    expect(buildStory([evening], NOW).lines).toContainEqual({ ...line, values: { opensAt: "20:30" } });
    for (const time of ["00:05", "08:00", "09:30", "20:30"]) expect(storyClockLabel(time)).toBe(clockLabel(time));
  });

  it("says it waits for the merchant instead while automation is paused", () => {
    const lines = buildStory([waiting], NOW, true).lines;
    expect(lines).toContainEqual({ key: "story.paused" });
    expect(lines.map((line) => line.key)).not.toContain("error.waiting_for_window");
  });
});
