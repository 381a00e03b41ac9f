import { failureMessage, type Line, type Tone } from "./story";

/**
 * The buyer's answer and the app's hold on the order page's block, decided apart from the UI (tests/extensions/).
 * The shape is the answer of GET /api/orders/hold (app/services/holds/order-hold.server.ts).
 */
export interface BuyerState {
  answer: { answer: string; answeredAt: string; waitingSince: string | null; source: string } | null;
  hold: { state: string; since: string | null; problem: string | null; pending: string | null };
}

export type BuyerAction = "release" | "cancel";

export interface BuyerView {
  /** The answer's badge: its key and tone; null while the buyer has not answered. */
  answer: { key: string; tone: Tone } | null;
  lines: Line[];
  /** The merchant's buttons ("Liberar ahora", "Cancelar pedido"), each asked to confirm first. */
  actions: BuyerAction[];
}

const ANSWER_TONES: Record<string, Tone> = { confirmed: "success", refused: "critical", no_answer: "caution" };
const HOLD_STATES = ["owed", "held", "released", "cancelled", "cancel_refused", "stood_down", "not_held"];

/**
 * Why the platform refused a release, a cancel or a hold, in the merchant's words (the platform answers in English,
 * "INVALID: Cannot cancel an order with outstanding fulfillments", "HTTP 503"): the same reading as the app's
 * (app/lib/app-action.ts `problemKind`), copied because the extension is built and deployed apart.
 */
export function problemLine(problem: string): Line {
  if (/fulfil?l?ments?|fulfilled/i.test(problem)) return { key: "buyer.problem.fulfilled" };
  if (/\b5\d\d\b|timed? ?out|unavailable|ECONN|network/i.test(problem)) return { key: "buyer.problem.unavailable" };
  return { key: "buyer.problem.other" };
}

/** "5 min", "3 h", "2 d": how long ago `at` was, in the largest whole unit. */
export function ageLine(key: string, at: string, now: Date): Line {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 60_000));
  if (minutes < 90) return { key: `${key}.minutes`, values: { count: minutes } };
  const hours = Math.round(minutes / 60);
  if (hours < 48) return { key: `${key}.hours`, values: { count: hours } };
  return { key: `${key}.days`, values: { count: Math.round(hours / 24) } };
}

export function buildBuyerView(state: BuyerState, now: Date): BuyerView {
  const lines: Line[] = [];
  const { answer, hold } = state;
  if (!answer && hold.state !== "none" && hold.since) lines.push(ageLine("buyer.waiting", hold.since, now));
  if (answer?.source === "timeout") lines.push({ key: "buyer.timedOut" });
  if (HOLD_STATES.includes(hold.state)) {
    lines.push(
      hold.since && hold.state === "held"
        ? ageLine("buyer.hold.held", hold.since, now)
        : { key: `buyer.hold.${hold.state}` },
    );
  }
  if (hold.problem && ["cancel_refused", "stood_down", "not_held"].includes(hold.state)) {
    lines.push(problemLine(hold.problem));
  }
  if (hold.pending) lines.push({ key: `buyer.pending.${hold.pending}` });
  const open = ["held", "owed", "cancel_refused"].includes(hold.state) && !hold.pending;
  const actions: BuyerAction[] = !open ? [] : hold.state === "cancel_refused" ? ["cancel"] : ["release", "cancel"];
  return {
    answer: answer ? { key: `buyer.answer.${answer.answer}`, tone: ANSWER_TONES[answer.answer] ?? "neutral" } : null,
    lines,
    actions,
  };
}

export function buyerActionRequest(action: BuyerAction, orderId: string) {
  return {
    url: "/api/orders/hold",
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orderId, action }),
    },
  };
}

/**
 * A refused release or cancel in the merchant's words. Holds turned off in the app since the page loaded has a
 * sentence of its own: "try again" would never help; every other code is worded as the block's other calls are.
 */
export async function holdFailureMessage(response: Response): Promise<Line> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code === "holds_off") return { key: "buyer.failure.holds_off" };
  return failureMessage(response);
}
