import { createRequire } from "node:module";

type Pg = typeof import("pg");
type PrismaPgClass = typeof import("@prisma/adapter-pg").PrismaPg;

const load = createRequire(import.meta.url);
let pg: Pg | undefined;
let prismaPg: PrismaPgClass | undefined;

/**
 * node-postgres, loaded at first use: only a process whose store is PostgreSQL ever uses it, and a process on
 * SQLite (the delivery worker above all) does not carry it (docs/decisions/247). Prisma's adapters match driver
 * errors by name, not by class, so the CommonJS copies loaded here work with the client as the ES ones did.
 */
export function postgresDriver(): Pg {
  return (pg ??= load("pg") as Pg);
}

/** Prisma's PostgreSQL adapter, loaded at first use like the driver under it. */
export function prismaPostgresAdapter(): PrismaPgClass {
  return (prismaPg ??= (load("@prisma/adapter-pg") as typeof import("@prisma/adapter-pg")).PrismaPg);
}
