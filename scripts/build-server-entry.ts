/** The second half of `npm run build`: the production server's entry as JavaScript (scripts/lib/server-entry.ts). */
import { compileServerEntry } from "./lib/server-entry";

compileServerEntry();
