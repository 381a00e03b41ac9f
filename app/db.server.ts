import { PrismaClient } from "@prisma/client";
import { createAdapter } from "./db-adapter.server";
import { env } from "./env.server";

declare global {
  var prismaGlobal: PrismaClient | undefined;
}

// The web process (webhook receivers, admin API) and the delivery worker write to the same database.
function createClient() {
  return new PrismaClient({ adapter: createAdapter(env().DATABASE_URL, { concurrentWriters: true }) });
}

// One client per process; in development, survive Vite's module reloads.
const prisma = global.prismaGlobal ?? createClient();
if (process.env.NODE_ENV !== "production") global.prismaGlobal = prisma;

export default prisma;
