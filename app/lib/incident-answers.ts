/**
 * The buyer's answers to a delivery incident (docs/decisions/331), as the incident flow's callback reports them:
 * shared by the server (the callback reads them) and the pages and the order block (they word them).
 */
export const INCIDENT_ANSWERS = ["new_date", "new_address", "office_pickup", "refused"] as const;
export type IncidentAnswerKind = (typeof INCIDENT_ANSWERS)[number];

/** A value as flows write it: lower case, no accents, words joined by "_". */
export function answerWord(raw: string) {
  return raw
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, "_");
}

/** The spellings each answer is accepted under (Spanish and English, as merchants' flows write them). */
const SPELLINGS: Record<IncidentAnswerKind, string[]> = {
  new_date: ["new_date", "nueva_fecha", "fecha", "date", "reprogramar", "reprogramado", "reschedule", "rescheduled"],
  new_address: ["new_address", "nueva_direccion", "direccion", "address", "cambio_direccion", "change_address"],
  office_pickup: [
    "office_pickup",
    "pickup",
    "pick_up",
    "office",
    "oficina",
    "recoger",
    "recoger_en_oficina",
    "reclamar_en_oficina",
    "reclama_en_oficina",
  ],
  refused: ["refused", "refuse", "rechaza", "rechazo", "rechazado", "no_quiere", "cancel", "cancelar", "cancelled"],
};
const BY_SPELLING = new Map(
  Object.entries(SPELLINGS).flatMap(([answer, words]) => words.map((word) => [word, answer as IncidentAnswerKind])),
);

export function readIncidentAnswer(raw: string): IncidentAnswerKind | null {
  return BY_SPELLING.get(answerWord(raw)) ?? null;
}

/** The tag each answer adds after the shop's prefix (`automation-novedad-new-date`). */
export const ANSWER_TAG_SUFFIX: Record<IncidentAnswerKind, string> = {
  new_date: "new-date",
  new_address: "new-address",
  office_pickup: "office-pickup",
  refused: "refused",
};

/** A stored answer as the pages and the block show it. */
export interface IncidentAnswerView {
  answer: IncidentAnswerKind;
  newDate: string | null;
  newAddress: string | null;
  answeredAt: string;
}

/**
 * The day the buyer asked for, in words ("martes 2 de diciembre"): a calendar day, the same wherever it is read,
 * so it is formatted at noon UTC in UTC (the shop's zone cannot move a day that has no time).
 */
export function formatAnswerDay(day: string, locale: string) {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  const words = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  // Spanish writes the weekday without a comma after it ("miércoles 2 de diciembre").
  return locale.startsWith("es") ? words.format(at).replace(", ", " ") : words.format(at);
}
