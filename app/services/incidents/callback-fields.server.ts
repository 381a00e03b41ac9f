import { AppError } from "../../lib/http.server";
import { INCIDENT_ANSWERS, readIncidentAnswer, type IncidentAnswerKind } from "../../lib/incident-answers";
import { formatSheetDateTime } from "../../lib/time-zone";

/**
 * The incident flow's answer fields in a callback (docs/decisions/331), each under any of the names flows use; a
 * callback without an answer is none of this module's business (null). Tolerant of spellings, strict on what it
 * cannot read: an answer it does not know, or a date that is no date, is a 400 naming the field as it was sent.
 */
const NAMES = {
  answer: ["incidentAnswer", "incident_answer", "novedadAnswer", "novedad_answer", "novedad"],
  incidentId: ["incidentId", "incident_id", "novedadId", "novedad_id"],
  newDate: ["newDate", "new_date", "nuevaFecha", "nueva_fecha"],
  newAddress: ["newAddress", "new_address", "nuevaDireccion", "nueva_direccion"],
} as const;

export interface IncidentCallbackFields {
  answer: IncidentAnswerKind;
  incidentId: string | null;
  /** The day asked for (YYYY-MM-DD), a date-time read in the shop's zone; null when not given. */
  newDate: string | null;
  newAddress: string | null;
}

const MAX_ADDRESS = 300;

function pick(input: Record<string, unknown>, names: readonly string[]) {
  const name = names.find((candidate) => input[candidate] !== undefined && input[candidate] !== null);
  return name ? { name, value: input[name] } : null;
}

function text(found: { name: string; value: unknown } | null, max: number) {
  if (!found) return null;
  if (typeof found.value !== "string" && typeof found.value !== "number")
    throw AppError.forField(found.name, "must be a string");
  const value = String(found.value).trim();
  if (value.length > max) throw AppError.forField(found.name, `must be at most ${max} characters`);
  return value || null;
}

/** The day a flow wrote: 2026-12-02, 02/12/2026, or a date-time (its day in the shop's zone). */
function readDay(raw: string, timeZone: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return Number.isNaN(Date.parse(raw)) ? null : raw;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  if (dmy) return readDay(`${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}`, timeZone);
  const at = new Date(raw);
  return /\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(at.getTime())
    ? formatSheetDateTime(at, timeZone).slice(0, 10)
    : null;
}

export function incidentCallbackFields(
  input: Record<string, unknown>,
  timeZone: () => Promise<string>,
): Promise<IncidentCallbackFields> | null {
  const answerField = pick(input, NAMES.answer);
  if (!answerField) return null;
  return (async () => {
    const raw = text(answerField, 60);
    const answer = raw ? readIncidentAnswer(raw) : null;
    if (!answer) throw AppError.forField(answerField.name, `must be one of ${INCIDENT_ANSWERS.join(", ")}`);
    const dateField = pick(input, NAMES.newDate);
    const dateText = text(dateField, 40);
    const newDate = dateText ? readDay(dateText, await timeZone()) : null;
    if (dateText && !newDate) throw AppError.forField(dateField!.name, "must be a date such as 2026-12-02");
    return {
      answer,
      incidentId: text(pick(input, NAMES.incidentId), 200),
      newDate,
      newAddress: text(pick(input, NAMES.newAddress), MAX_ADDRESS),
    };
  })();
}
