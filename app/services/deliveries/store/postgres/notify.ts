import { statement } from "../../../../lib/statement.server";

/** Tells every worker process LISTENing on `channel` that something is due (wake.server.ts). */
export const notifyWorkers = statement<{ channel: string }>`SELECT pg_notify(${"channel"}, '')`;
