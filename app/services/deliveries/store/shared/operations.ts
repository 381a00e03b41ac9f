import { lastErrorColumns, type DeliveryError } from "../../../../lib/delivery-errors";
import { MAX_ATTEMPTS } from "../../retry-policy.server";
import { ABANDONED_COLUMNS } from "../rules";
import { toDelivery } from "../rows";
import type { Connection } from "../../../../lib/statement.server";
import type { CallbackRow, ReturnedRow } from "../types";
import type { DeliveryStore } from "../index";
import { buryAbandoned } from "./bury";
import {
  findCallbackDelivery,
  findCallbackOrder,
  readAppliedTags,
  reconcileFlowOutcome,
  recordCallback,
} from "./callback";
import { cancelCheckouts, shopInstalled } from "./checkouts";
import { completeDelivery, deferDelivery, failDelivery, renewLease, retryDelivery, skipDelivery } from "./outcomes";

/** The operations whose statement is the same on both engines, on `connection`. */
export function sharedOperations(
  connection: Connection,
): Omit<DeliveryStore, "engine" | "insert" | "claim" | "notifyWorkers"> {
  const { execute, query } = connection;
  return {
    async shopInstalled(shop) {
      return (await query(shopInstalled, { shop })).length > 0;
    },
    async buryAbandoned(now, limit) {
      const params = { ...ABANDONED_COLUMNS, now, limit: Math.max(limit, 1), maxAttempts: MAX_ATTEMPTS };
      return (await query<ReturnedRow, typeof params>(buryAbandoned, params)).map(toDelivery);
    },
    async renew(token, leaseExpiresAt) {
      return execute(renewLease, { token, leaseExpiresAt });
    },
    async complete({ id, leaseOwner }, { flowId, attemptLog, now }) {
      return (await execute(completeDelivery, { id, leaseOwner, flowId, attemptLog, now })) === 1;
    },
    async fail({ id, leaseOwner }, { flowId, attemptLog, now, error, nextAttemptAt }) {
      const columns = lastErrorColumns(error);
      const updated = nextAttemptAt
        ? await execute(retryDelivery, { id, leaseOwner, flowId, attemptLog, now, nextAttemptAt, ...columns })
        : await execute(failDelivery, { id, leaseOwner, flowId, attemptLog, now, ...columns });
      return updated === 1;
    },
    async skip({ id, leaseOwner }, reason, now) {
      return (await execute(skipDelivery, { id, leaseOwner, now, ...lastErrorColumns(reason) })) === 1;
    },
    async defer({ id, leaseOwner }, reason, nextAttemptAt, now) {
      const params = { id, leaseOwner, nextAttemptAt, now, ...lastErrorColumns(reason) };
      return (await execute(deferDelivery, params)) === 1;
    },
    async cancelCheckouts(shop, { checkoutToken, cartToken }, reason: DeliveryError, now) {
      return execute(cancelCheckouts, { shop, checkoutToken, cartToken, now, ...lastErrorColumns(reason) });
    },
    async findCallbackOrder(shop, orderName) {
      return (await query<CallbackRow, { shop: string; orderName: string }>(findCallbackOrder, { shop, orderName }))[0];
    },
    async findCallbackDelivery(shop, { resourceId, orderName }) {
      const params = { shop, resourceId, orderName };
      return (await query<CallbackRow, typeof params>(findCallbackDelivery, params))[0];
    },
    async readAppliedTags(id) {
      return (await query<{ tagsApplied: string }, { id: string }>(readAppliedTags, { id }))[0]?.tagsApplied ?? null;
    },
    async recordCallback(id, { status, tags, recorded }, now) {
      return (await execute(recordCallback, { id, status, tags, recorded, now })) === 1;
    },
    async reconcileFlowOutcome(id, now) {
      return execute(reconcileFlowOutcome, { id, now });
    },
  };
}
