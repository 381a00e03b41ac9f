import { eventTime, inJourneyOrder, projectJourney, type JourneyEvent } from "../journey/project";
import { statusKey } from "../journey/stages";

/**
 * The incident a parcel is in now, from its whole history (docs/decisions/330). Pure. An incident is one run of
 * incident statuses between two closings (a status that moves the stage on, ends the journey, or says it was
 * solved): its key is the time the run opened, so a repeated push of its statuses, or a second incident status
 * inside the same run ("NOVEDAD" then "RECLAME EN OFICINA"), is the same incident, and one that opens after a
 * closing is a new one. The journey's own projection (journey/project.ts) decides what opens and closes.
 */

export interface IncidentEvent extends JourneyEvent {
  /** What the supplier or carrier wrote with the status. */
  notes?: string | null;
}

export interface CurrentIncident {
  /** When the run opened (ms): the incident's identity within its supplier order. */
  openedAt: Date;
  /** The latest incident status of the run, as it was spelled. */
  rawStatus: string;
  /** The latest words the supplier or carrier wrote during the run. */
  notes: string | null;
  /** The parcel waits at the carrier's office: where, and until when, when the words say so. */
  office: { address: string | null; deadline: string | null } | null;
}

const OFFICE_KEY = statusKey("RECLAME EN OFICINA");

export function currentIncident(events: IncidentEvent[]): CurrentIncident | null {
  const ordered = inJourneyOrder(events);
  let openedAt: Date | null = null;
  let run: IncidentEvent[] = [];
  for (let index = 0; index < ordered.length; index++) {
    const state = projectJourney(ordered.slice(0, index + 1));
    if (!state.openIncident) {
      openedAt = null;
      run = [];
      continue;
    }
    if (!openedAt) openedAt = eventTime(ordered[index]);
    if (ordered[index].stage === "incident") run.push(ordered[index]);
  }
  if (!openedAt || !run.length) return null;
  const latest = run.at(-1)!;
  const notes =
    run
      .map((event) => event.notes?.trim() || null)
      .filter(Boolean)
      .at(-1) ?? null;
  const atOffice = run.some((event) => statusKey(event.rawStatus) === OFFICE_KEY);
  return { openedAt, rawStatus: latest.rawStatus, notes, office: atOffice ? officeOf(notes) : null };
}

// 2026-12-03, 03/12/2026 or 3-12-2026: the carriers' notes give the office's last day one of these ways.
const DATE = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b|\b(\d{1,2})[/-](\d{1,2})[/-](\d{4})\b/;
const pad = (value: string) => value.padStart(2, "0");

/**
 * The office's address and last day from the carrier's words, when they carry them: the date (read as a day, the
 * carriers' own calendar), and the words left once the date and its lead-in ("hasta el", "antes del") are gone.
 */
export function officeOf(notes: string | null): { address: string | null; deadline: string | null } {
  if (!notes) return { address: null, deadline: null };
  const found = DATE.exec(notes);
  const deadline = found
    ? found[1]
      ? `${found[1]}-${pad(found[2])}-${pad(found[3])}`
      : `${found[6]}-${pad(found[5])}-${pad(found[4])}`
    : null;
  const address = (found ? notes.replace(found[0], "") : notes)
    .replace(/\b(hasta|antes)( el| del)?\s*$/i, "")
    .replace(/^.*?\b(oficina|direcci[oó]n|dir)\b\s*[:,-]?\s*/i, "")
    .replace(/[\s,.;:-]+$/, "")
    .trim();
  return { address: address || null, deadline };
}
