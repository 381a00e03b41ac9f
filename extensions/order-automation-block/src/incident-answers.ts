/**
 * The buyer's answers to the order's delivery incidents (docs/decisions/331), as lines the block translates. Plain
 * data and functions: the block renders them, tests read them.
 */
export interface IncidentAnswersAnswer {
  timeZone: string;
  answers: { answer: string; newDate: string | null; newAddress: string | null; answeredAt: string }[];
}

export interface IncidentAnswerLine {
  key: string;
  values: Record<string, string>;
  /** When it was answered, already in the shop's zone. */
  time: string;
}

const KNOWN = new Set(["new_date", "new_address", "office_pickup", "refused"]);

/** `day` words a calendar day ("2026-12-02"), `time` an instant in the shop's zone. */
export function incidentAnswerLines(
  answer: IncidentAnswersAnswer,
  format: { day: (day: string) => string; time: (iso: string) => string },
): IncidentAnswerLine[] {
  return answer.answers
    .filter((entry) => KNOWN.has(entry.answer))
    .map((entry): IncidentAnswerLine => {
      const time = format.time(entry.answeredAt);
      if (entry.answer === "new_date" && entry.newDate)
        return { key: "incident.new_date_day", values: { day: format.day(entry.newDate) }, time };
      if (entry.answer === "new_address" && entry.newAddress)
        return { key: "incident.new_address_text", values: { address: entry.newAddress }, time };
      return { key: `incident.${entry.answer}`, values: {}, time };
    });
}

/**
 * Spanish writes the weekday without a comma before the day's number ("miércoles 2 de diciembre"); English keeps
 * it before the month ("Wednesday, December 2"). The block has no locale to ask, so the shape decides.
 */
export function spokenDay(formatted: string) {
  return formatted.replace(/^(\p{L}+), (?=\d)/u, "$1 ");
}
