/**
 * The buyer's answer read from a callback (docs/decisions/210): the merchant's rules, in order, each naming an
 * answer and the callback's `status` and/or one of its tags; the first rule that matches gives the answer. Shared
 * by the callback (server) and the settings page's preview (browser), so both read a callback the same way.
 */

export const ANSWERS = ["confirmed", "refused", "no_answer"] as const;
export type Answer = (typeof ANSWERS)[number];

export interface AnswerRule {
  answer: Answer;
  /** The callback's `status`, compared without case; absent: any status. */
  status?: string;
  /** One of the callback's tags, compared without case; absent: any tags. */
  tag?: string;
}

export const MAX_ANSWER_RULES = 20;

/**
 * The tag each answer adds to its order (docs/decisions/301), with the `automation-` prefix of the app's other tags,
 * so the platform's order list tells a refused order from a confirmed one. Added only, never removed.
 */
export const ANSWER_TAGS: Record<Answer, string> = {
  confirmed: "automation-buyer-confirmed",
  refused: "automation-buyer-refused",
  no_answer: "automation-buyer-no-answer",
};

/** What a callback said, as the rules read it: its status (if it gave one) and the tags it added. */
export interface CallbackSaid {
  status?: string | null;
  tags: readonly string[];
}

/** The answer of the first rule `said` matches; null when none does (or there are no rules). */
export function answerOf(rules: readonly AnswerRule[], said: CallbackSaid): Answer | null {
  const status = said.status?.trim().toLowerCase() || null;
  const tags = new Set(said.tags.map((tag) => tag.trim().toLowerCase()));
  for (const rule of rules) {
    if (!rule.status && !rule.tag) continue;
    if (rule.status && rule.status.trim().toLowerCase() !== status) continue;
    if (rule.tag && !tags.has(rule.tag.trim().toLowerCase())) continue;
    return rule.answer;
  }
  return null;
}

/**
 * The shapes merchants' flows commonly send: a status word, or a tag in Spanish or English. A preset fills the
 * rules; the merchant can edit them after.
 */
export const ANSWER_PRESETS = {
  status: [
    { answer: "confirmed", status: "confirmed" },
    { answer: "confirmed", status: "completed" },
    { answer: "refused", status: "refused" },
    { answer: "refused", status: "cancelled" },
    { answer: "refused", status: "canceled" },
    { answer: "no_answer", status: "no_answer" },
    { answer: "no_answer", status: "expired" },
  ],
  "tags-es": [
    { answer: "confirmed", tag: "confirmado" },
    { answer: "refused", tag: "cancelado" },
    { answer: "refused", tag: "rechazado" },
    { answer: "no_answer", tag: "sin-respuesta" },
  ],
  "tags-en": [
    { answer: "confirmed", tag: "confirmed" },
    { answer: "refused", tag: "cancelled" },
    { answer: "refused", tag: "refused" },
    { answer: "no_answer", tag: "no-answer" },
  ],
} satisfies Record<string, AnswerRule[]>;

export type AnswerPreset = keyof typeof ANSWER_PRESETS;
export const ANSWER_PRESET_NAMES = Object.keys(ANSWER_PRESETS) as AnswerPreset[];

/** A recent callback as the preview shows it: what it said, on which order, and when. */
export interface RecentCallback {
  orderName: string | null;
  at: string;
  status: string | null;
  tags: string[];
}
