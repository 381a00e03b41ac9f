import { describe, expect, it } from "vitest";
import { ANSWER_PRESETS, answerOf, type AnswerRule } from "~/lib/answer-rules";

describe("answerOf: the first matching rule gives the answer", () => {
  const rules: AnswerRule[] = [
    { answer: "refused", status: "completed", tag: "cancelado" },
    { answer: "confirmed", status: "completed" },
    { answer: "no_answer", tag: "sin-respuesta" },
  ];

  it("matches a status without case", () => {
    expect(answerOf(rules, { status: "COMPLETED", tags: [] })).toBe("confirmed");
  });

  it("a rule naming a status and a tag needs both, and wins over a later status-only rule", () => {
    expect(answerOf(rules, { status: "completed", tags: ["Cancelado"] })).toBe("refused");
  });

  it("matches a tag among the callback's tags", () => {
    expect(answerOf(rules, { status: null, tags: ["vip", "sin-respuesta"] })).toBe("no_answer");
  });

  it("gives no answer when nothing matches or there are no rules", () => {
    expect(answerOf(rules, { status: "pending", tags: ["automation-pending"] })).toBeNull();
    expect(answerOf([], { status: "completed", tags: ["confirmado"] })).toBeNull();
  });

  it("passes over a rule that names neither a status nor a tag", () => {
    expect(answerOf([{ answer: "confirmed" }], { status: "completed", tags: [] })).toBeNull();
  });

  it("presets read the common shapes", () => {
    expect(answerOf(ANSWER_PRESETS.status, { status: "cancelled", tags: [] })).toBe("refused");
    expect(answerOf(ANSWER_PRESETS["tags-es"], { tags: ["confirmado"] })).toBe("confirmed");
    expect(answerOf(ANSWER_PRESETS["tags-en"], { tags: ["no-answer"] })).toBe("no_answer");
  });
});
