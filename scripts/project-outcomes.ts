/**
 * `npx tsx scripts/project-outcomes.ts`: projects the orders marked since the last run into the outcomes' sums on
 * DATABASE_URL, as the periodic `order-outcomes` job does (docs/decisions/332); prints how many. For a store whose
 * workers are stopped, and for the browser tests, whose app runs no periodic jobs.
 */
import prisma from "../app/db.server";
import { projectOutcomes } from "../app/services/outcomes/project.server";

console.log(`${await projectOutcomes()} orders projected`);
await prisma.$disconnect();
