/** The insights page's data, shared by the server module and the page (types only flow down). */
export type InsightSeriesName = "delivered" | "retrying" | "failed" | "flowFailed";
export const INSIGHT_SERIES_NAMES: InsightSeriesName[] = ["delivered", "retrying", "failed", "flowFailed"];
export type InsightDayPoint = { day: string } & Record<InsightSeriesName, number>;

export const INSIGHT_WINDOWS = [7, 30] as const;
export type InsightWindow = (typeof INSIGHT_WINDOWS)[number];
