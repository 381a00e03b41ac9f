import type { Delivery } from "@prisma/client";
import { MAX_ATTEMPTS } from "../../retry-policy.server";
import type { DeliveryStore } from "../index";
import { toDelivery } from "../rows";
import { ABANDONED_COLUMNS } from "../rules";
import { sharedOperations } from "../shared/operations";
import { connection } from "../../../../lib/statement.server";
import type { ReturnedRow } from "../types";
import { buryAndClaimDeliveries } from "./claim";
import { insertDelivery } from "./insert";
import { notifyWorkers } from "./notify";

/** The order path's store on PostgreSQL: the app's pool, under its client. */
export function postgresStore(): DeliveryStore {
  const sql = connection("postgresql");
  return {
    engine: "postgresql",
    ...sharedOperations(sql),
    async insert(row) {
      return (await sql.execute(insertDelivery, row)) === 1;
    },
    async claim({ token, now, leaseExpiresAt, limit }) {
      const params = { ...ABANDONED_COLUMNS, token, now, leaseExpiresAt, limit, maxAttempts: MAX_ATTEMPTS };
      const rows = await sql.query<ReturnedRow & { claimBuried: boolean }, typeof params>(
        buryAndClaimDeliveries,
        params,
      );
      const claimed: Delivery[] = [];
      const buried: Delivery[] = [];
      for (const { claimBuried, ...row } of rows) (claimBuried ? buried : claimed).push(toDelivery(row));
      return { claimed, buried };
    },
    async notifyWorkers(channel) {
      return sql.execute(notifyWorkers, { channel });
    },
  };
}
