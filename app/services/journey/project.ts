import { FINAL_STAGES, STAGE_RANK, type Stage } from "./stages";

/** One stored status event, as the projection reads it. */
export interface JourneyEvent {
  rawStatus: string;
  stage: Stage;
  closesIncident: boolean;
  reportedAt: Date | null;
  receivedAt: Date;
  guide?: string | null;
  carrier?: string | null;
}

export interface JourneyState {
  stage: Stage;
  stageSince: Date | null;
  /** The latest status that said something new (not a late step back), as it was spelled; unknown ones too. */
  rawStatus: string | null;
  openIncident: string | null;
  incidentSince: Date | null;
  guide: string | null;
  carrier: string | null;
  lastEventAt: Date | null;
}

/** When an event happened: the time the marketplace gave, else when it reached us. */
export const eventTime = (event: Pick<JourneyEvent, "reportedAt" | "receivedAt">) =>
  event.reportedAt ?? event.receivedAt;

/** The history in the carrier's order (ties: arrival order), as it is shown and folded. */
export function inJourneyOrder<T extends Pick<JourneyEvent, "reportedAt" | "receivedAt">>(events: T[]): T[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => eventTime(a.event).getTime() - eventTime(b.event).getTime() || a.index - b.index)
    .map(({ event }) => event);
}

/**
 * The journey's state from its whole history (docs/decisions/320), whatever order the events came in: the stage
 * moves only forward on the main path; an incident opens with an incident status and closes with a later status
 * that moves the stage, ends the journey, or says it was solved. The latest guide and carrier given win.
 */
export function projectJourney(events: JourneyEvent[]): JourneyState {
  const state: JourneyState = {
    stage: "unknown",
    stageSince: null,
    rawStatus: null,
    openIncident: null,
    incidentSince: null,
    guide: null,
    carrier: null,
    lastEventAt: null,
  };
  for (const event of inJourneyOrder(events)) {
    const at = eventTime(event);
    state.lastEventAt = at;
    if (event.guide) state.guide = event.guide;
    if (event.carrier) state.carrier = event.carrier;
    if (event.stage === "incident") {
      // Once the journey has ended, a late incident is history only.
      if (!FINAL_STAGES.has(state.stage)) {
        state.rawStatus = event.rawStatus;
        state.openIncident = event.rawStatus;
        state.incidentSince = at;
      }
      continue;
    }
    const advances = STAGE_RANK[event.stage] > STAGE_RANK[state.stage];
    if (advances || event.closesIncident || event.stage === "unknown") state.rawStatus = event.rawStatus;
    if (advances) {
      state.stage = event.stage;
      state.stageSince = at;
    }
    if (advances || event.closesIncident || FINAL_STAGES.has(state.stage)) {
      state.openIncident = null;
      state.incidentSince = null;
    }
  }
  return state;
}
