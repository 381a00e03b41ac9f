import { env } from "../../env.server";

export type DatabaseEngine = "sqlite" | "postgresql";

/** Which SQL dialect the outbox speaks, from the scheme of DATABASE_URL (`file:` or `postgres(ql)://`). */
export function databaseEngine(url: string = env().DATABASE_URL): DatabaseEngine {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgresql" : "sqlite";
}
