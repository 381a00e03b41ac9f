import type { DeliveryStore } from "../index";
import { toDelivery } from "../rows";
import { sharedOperations } from "../shared/operations";
import { connection } from "../../../../lib/statement.server";
import type { ReturnedRow } from "../types";
import { claimDeliveries } from "./claim";
import { insertDelivery } from "./insert";

/** The order path's store on SQLite: the app's SQLite thread. */
export function sqliteStore(): DeliveryStore {
  const sql = connection("sqlite");
  const shared = sharedOperations(sql);
  return {
    engine: "sqlite",
    ...shared,
    async insert(row) {
      return (await sql.execute(insertDelivery, row)) === 1;
    },
    // Writers are serialised: the burial, then the claim, two statements in a row.
    async claim({ token, now, leaseExpiresAt, limit }) {
      const buried = await shared.buryAbandoned(now, limit);
      const params = { token, now, leaseExpiresAt, limit };
      const claimed = (await sql.query<ReturnedRow, typeof params>(claimDeliveries, params)).map(toDelivery);
      return { claimed, buried };
    },
    // No channel between processes: a worker of another process finds the row at its next poll.
    async notifyWorkers() {
      return 0;
    },
  };
}
