/** `npm run prisma:generate`: the Prisma client for each store, both from prisma/schema.prisma. */
import { generateClients } from "./lib/engines";

generateClients();
