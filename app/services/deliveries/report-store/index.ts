import { databaseEngine, type DatabaseEngine } from "../../../db-adapter.server";
import { env } from "../../../env.server";
import type { DeliveryStatus } from "../status.server";
import { postgresReportStore } from "./postgres";
import { sqliteReportStore } from "./sqlite";

/** A search's terms as searchTerms (search.server.ts) gives them. */
export interface SearchTerms {
  orderNames: string[];
  keyParts: string[];
}

/** Orders whose webhook-to-trigger time has `digits` digits led by the two digits `lead` (120 ms: 3 and 12). */
export interface TimingGroup {
  digits: number;
  lead: number;
  n: number;
}

/**
 * The statements of the shop's reports (the log's search, the insights and their counts) whose SQL differs per
 * engine, behind one interface with one implementation per engine (sqlite.ts, postgres.ts; what both run alike in
 * search.ts), as the order path's store does (../store/). What reads alike on both engines stays with its service
 * in plain Prisma SQL. tests/services/deliveries/report-store-contract.test.ts holds both to the same cases.
 */
export interface ReportStore {
  readonly engine: DatabaseEngine;
  /** Adds the appended count changes up to id `upTo` to InsightCount and deletes them, as one step; how many. */
  foldCountChanges(upTo: number): Promise<number>;
  /**
   * The webhook-to-trigger times of the shop's latest `sample` delivered orders created since `since` (test orders
   * and checkouts left out), grouped by two significant digits of their milliseconds (negative times count as 0).
   */
  orderToTriggerGroups(shop: string, since: Date, sample: number): Promise<TimingGroup[]>;
  /** The ids of one page of the shop's deliveries a search finds, newest first, and how many it finds in all. */
  searchDeliveryIds(
    shop: string,
    terms: SearchTerms,
    status: DeliveryStatus | undefined,
    page: { page: number; pageSize: number },
  ): Promise<{ ids: string[]; total: number }>;
}

const stores: Partial<Record<DatabaseEngine, ReportStore>> = {};

/** The report store on the app's database. */
export function reportStore(): ReportStore {
  const engine = databaseEngine(env().DATABASE_URL);
  return (stores[engine] ??= engine === "postgresql" ? postgresReportStore() : sqliteReportStore());
}
