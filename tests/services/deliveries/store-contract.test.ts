import type { Delivery } from "@prisma/client";
import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { MAX_ATTEMPTS } from "~/services/deliveries/retry-policy.server";
import { deliveryStore } from "~/services/deliveries/store";
import { onPostgres } from "../../helpers/db";
import { createDelivery, createSession, shopDomain } from "../../helpers/factories";
import { commitFailing, newDeliveryRow, removeCommitFailure } from "../../helpers/store-contract";

/*
 * The order path's store, one contract for both engines: this file runs on SQLite by default and on PostgreSQL in
 * `npx tsx scripts/test-postgres.ts --unit tests/services/deliveries/store-contract.test.ts`. Only the way a
 * failure is injected differs between the engines (commitFailing below); every case and assertion is the same.
 */

const NOW = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const LEASE = { now: NOW, leaseExpiresAt: at(30_000), limit: 10 };
const store = () => deliveryStore();

const row = (id: string) => prisma.delivery.findUnique({ where: { id } });
const claimedIds = (claim: { claimed: Delivery[] }) => claim.claimed.map((delivery) => delivery.id).sort();
const pause = (shop: string) => prisma.automationPause.create({ data: { shop, pausedAt: NOW } });
const expiredLease = (overrides: Partial<Delivery> = {}) => ({
  status: "delivering",
  leaseOwner: "vanished",
  leaseExpiresAt: at(-1),
  attempts: 1,
  ...overrides,
});

describe(`the order path's store on ${onPostgres() ? "PostgreSQL" : "SQLite"}`, () => {
  describe("insert (the dedupe rule)", () => {
    it("stores a delivery Prisma reads back, and refuses a repeated event and the same order under another event", async () => {
      const shop = shopDomain();
      await createSession(shop);
      const first = newDeliveryRow(NOW, shop, { test: true });
      expect(await store().insert(first)).toBe(true);
      expect(await row(first.id)).toMatchObject({ status: "queued", attempts: 0, nextAttemptAt: NOW, test: true });
      // The same event delivered again.
      expect(await store().insert({ ...newDeliveryRow(NOW, shop), eventId: first.eventId })).toBe(false);
      // The same order under another event id.
      expect(await store().insert({ ...newDeliveryRow(NOW, shop), resourceId: first.resourceId })).toBe(false);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
      expect(await store().shopInstalled(shop)).toBe(true);
    });

    it("stores nothing for a shop without a session", async () => {
      const shop = shopDomain();
      expect(await store().insert(newDeliveryRow(NOW, shop))).toBe(false);
      expect(await store().shopInstalled(shop)).toBe(false);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(0);
    });
  });

  describe("claim", () => {
    it("takes expired leases and due rows up to the limit under its token, and leaves later and live ones", async () => {
      const shop = shopDomain();
      const due = await createDelivery(shop, { nextAttemptAt: at(-5) });
      const retrying = await createDelivery(shop, { status: "retrying", nextAttemptAt: NOW });
      const expired = await createDelivery(shop, expiredLease());
      const later = await createDelivery(shop, { nextAttemptAt: at(1) });
      const live = await createDelivery(shop, expiredLease({ leaseOwner: "alive", leaseExpiresAt: at(1) }));
      const claim = await store().claim({ ...LEASE, token: "mine" });
      expect(claimedIds(claim)).toEqual([due.id, retrying.id, expired.id].sort());
      expect(claim.buried).toEqual([]);
      expect(await row(due.id)).toMatchObject({ status: "delivering", leaseOwner: "mine", attempts: 1 });
      expect((await row(due.id))!.leaseExpiresAt).toEqual(LEASE.leaseExpiresAt);
      expect(await row(expired.id)).toMatchObject({ leaseOwner: "mine", attempts: 2 });
      expect(await row(later.id)).toMatchObject({ status: "queued", attempts: 0 });
      expect(await row(live.id)).toMatchObject({ leaseOwner: "alive" });
    });

    it("takes expired leases before due rows when the limit is short", async () => {
      const shop = shopDomain();
      await createDelivery(shop, { nextAttemptAt: at(-60_000) });
      const expired = await createDelivery(shop, expiredLease());
      expect(claimedIds(await store().claim({ ...LEASE, token: "mine", limit: 1 }))).toEqual([expired.id]);
    });

    it("buries an expired lease on its last allowed attempt instead of claiming it again", async () => {
      const shop = shopDomain();
      const abandoned = await createDelivery(shop, expiredLease({ attempts: MAX_ATTEMPTS }));
      const claim = await store().claim({ ...LEASE, token: "mine" });
      expect(claim.claimed).toEqual([]);
      expect(claim.buried.map((delivery) => delivery.id)).toEqual([abandoned.id]);
      expect(claim.buried[0].attempts).toBe(MAX_ATTEMPTS);
      expect(await row(abandoned.id)).toMatchObject({
        status: "dead",
        lastErrorCode: "worker_stopped",
        leaseOwner: null,
      });
      expect(await store().buryAbandoned(NOW, 0)).toEqual([]);
    });
  });

  describe("the pause rule", () => {
    it("never claims a paused shop's due deliveries, and claims another shop's", async () => {
      const paused = shopDomain();
      await pause(paused);
      await createDelivery(paused, { nextAttemptAt: at(-1) });
      await createDelivery(paused, { status: "retrying", nextAttemptAt: at(-1) });
      const other = await createDelivery(shopDomain(), { nextAttemptAt: at(-1) });
      expect(claimedIds(await store().claim({ ...LEASE, token: "mine" }))).toEqual([other.id]);
      expect(await prisma.delivery.count({ where: { shop: paused, status: { in: ["queued", "retrying"] } } })).toBe(2);
    });

    it("never claims a paused shop's delivery whose lease expired, and takes it once the merchant resumes", async () => {
      const paused = shopDomain();
      await pause(paused);
      const held = await createDelivery(paused, expiredLease());
      const other = await createDelivery(shopDomain(), expiredLease());
      expect(claimedIds(await store().claim({ ...LEASE, token: "mine" }))).toEqual([other.id]);
      expect(await row(held.id)).toMatchObject({ status: "delivering", leaseOwner: "vanished", attempts: 1 });
      await prisma.automationPause.delete({ where: { shop: paused } });
      expect(claimedIds(await store().claim({ ...LEASE, token: "later" }))).toEqual([held.id]);
    });
  });

  describe("the claim's writes", () => {
    async function claimOne(fields: Partial<Delivery> = {}) {
      const delivery = await createDelivery(shopDomain(), { nextAttemptAt: at(-1), ...fields });
      const [claimed] = (await store().claim({ ...LEASE, token: `claim-${delivery.id}` })).claimed;
      return claimed;
    }
    const attempt = { flowId: "flow-1", attemptLog: '[{"outcome":"x"}]', now: at(5) };
    const stolen = (delivery: Delivery) => ({ id: delivery.id, leaseOwner: "someone-else" });

    it("renews only its own claim's leases", async () => {
      const mine = await claimOne();
      const other = await claimOne();
      expect(await store().renew(mine.leaseOwner!, at(90_000))).toBe(1);
      expect((await row(mine.id))!.leaseExpiresAt).toEqual(at(90_000));
      expect((await row(other.id))!.leaseExpiresAt).toEqual(LEASE.leaseExpiresAt);
    });

    it("completes, and makes it flow_failed when the flow already called back with a failure", async () => {
      const delivery = await claimOne();
      expect(await store().complete(stolen(delivery), attempt)).toBe(false);
      expect(await store().complete(delivery, attempt)).toBe(true);
      expect(await row(delivery.id)).toMatchObject({ status: "delivered", flowId: "flow-1", leaseOwner: null });
      const failedFirst = await claimOne({ callbackStatus: "failed" });
      expect(await store().complete(failedFirst, attempt)).toBe(true);
      expect(await row(failedFirst.id)).toMatchObject({ status: "flow_failed" });
    });

    it("fails into a retry or for good, skips and defers, each only under its own claim", async () => {
      const error = { code: "trigger_http" as const, params: { status: 503 } };
      const retried = await claimOne();
      expect(await store().fail(stolen(retried), { ...attempt, error, nextAttemptAt: at(60_000) })).toBe(false);
      expect(await store().fail(retried, { ...attempt, error, nextAttemptAt: at(60_000) })).toBe(true);
      expect(await row(retried.id)).toMatchObject({
        status: "retrying",
        lastErrorCode: "trigger_http",
        leaseOwner: null,
      });
      expect((await row(retried.id))!.nextAttemptAt).toEqual(at(60_000));

      const dead = await claimOne();
      expect(await store().fail(dead, { ...attempt, error, nextAttemptAt: null })).toBe(true);
      expect(await row(dead.id)).toMatchObject({ status: "dead", lastErrorParams: '{"status":503}' });

      const skipped = await claimOne();
      expect(await store().skip(stolen(skipped), { code: "no_order_flow" }, NOW)).toBe(false);
      expect(await store().skip(skipped, { code: "no_order_flow" }, NOW)).toBe(true);
      expect(await row(skipped.id)).toMatchObject({ status: "skipped", attempts: 0, lastErrorCode: "no_order_flow" });

      const deferred = await claimOne();
      const waiting = { code: "waiting_for_window" as const, params: { opensAt: "09:00" } };
      expect(await store().defer(stolen(deferred), waiting, at(3_600_000), NOW)).toBe(false);
      expect(await store().defer(deferred, waiting, at(3_600_000), NOW)).toBe(true);
      expect(await row(deferred.id)).toMatchObject({ status: "queued", attempts: 0, leaseOwner: null });
    });

    it("cancels the shop's waiting checkouts by either token, and no other shop's", async () => {
      const shop = shopDomain();
      const checkout = { topic: "checkouts/create", nextAttemptAt: at(60_000) };
      const byToken = await createDelivery(shop, { ...checkout, checkoutToken: "ct-1" });
      const byCart = await createDelivery(shop, { ...checkout, cartToken: "cart-1" });
      const elsewhere = await createDelivery(shopDomain(), { ...checkout, checkoutToken: "ct-1" });
      const tokens = { checkoutToken: "ct-1", cartToken: "cart-1" };
      expect(await store().cancelCheckouts(shop, tokens, { code: "checkout_converted" }, NOW)).toBe(2);
      for (const id of [byToken.id, byCart.id]) {
        expect(await row(id)).toMatchObject({ status: "skipped", payload: null, lastErrorCode: "checkout_converted" });
      }
      expect(await row(elsewhere.id)).toMatchObject({ status: "queued" });
    });
  });

  describe("the callback's statements", () => {
    it("finds the order's delivery, records the outcome with a compare-and-set on its tags, and reconciles", async () => {
      const shop = shopDomain();
      const delivery = await createDelivery(shop, { status: "delivered" });
      const found = await store().findCallbackOrder(shop, delivery.orderName!);
      expect(found).toMatchObject({ id: delivery.id, orderId: delivery.orderId, tagsApplied: "[]" });
      const byId = await store().findCallbackDelivery(shop, { resourceId: delivery.resourceId!, orderName: "none" });
      expect(byId?.id).toBe(delivery.id);
      expect(await store().findCallbackOrder(shopDomain(), delivery.orderName!)).toBeUndefined();

      const recorded = (await store().readAppliedTags(delivery.id))!;
      const outcome = { status: "failed", tags: '["automation-error"]' };
      expect(await store().recordCallback(delivery.id, { ...outcome, recorded: '["stale"]' }, NOW)).toBe(false);
      expect(await store().recordCallback(delivery.id, { ...outcome, recorded }, NOW)).toBe(true);
      expect(await store().reconcileFlowOutcome(delivery.id, NOW)).toBe(1);
      expect(await row(delivery.id)).toMatchObject({ status: "flow_failed", tagsApplied: '["automation-error"]' });
      expect(await store().readAppliedTags("no-such-delivery")).toBeNull();
    });
  });

  describe("a commit that fails", () => {
    afterEach(removeCommitFailure);

    it("fails every write it would have committed and keeps none of them; the same writes pass afterwards", async () => {
      const shop = shopDomain();
      await createSession(shop);
      const leased = await createDelivery(shop, { nextAttemptAt: at(-1) });
      const [mine] = (await store().claim({ ...LEASE, token: "mine" })).claimed;
      const waiting = await createDelivery(shop, { nextAttemptAt: at(-1) });
      const inserts = [newDeliveryRow(NOW, shop), newDeliveryRow(NOW, shop)];
      const writes = () => [
        ...inserts.map((fresh) => store().insert(fresh)),
        store().complete(mine, { flowId: "flow-1", attemptLog: "[]", now: NOW }),
        store().claim({ ...LEASE, token: "second" }),
      ];

      const results = await commitFailing(writes);
      expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      expect(await prisma.delivery.count({ where: { id: { in: inserts.map((fresh) => fresh.id) } } })).toBe(0);
      expect(await row(leased.id)).toMatchObject({ status: "delivering", leaseOwner: mine.leaseOwner, attempts: 1 });
      expect(await row(waiting.id)).toMatchObject({ status: "queued", leaseOwner: null, attempts: 0 });

      expect(await Promise.all(inserts.map((fresh) => store().insert(fresh)))).toEqual([true, true]);
      expect(await store().complete(mine, { flowId: "flow-1", attemptLog: "[]", now: NOW })).toBe(true);
      const claim = await store().claim({ ...LEASE, token: "second" });
      expect(claimedIds(claim)).toEqual([...inserts.map((fresh) => fresh.id), waiting.id].sort());
    });
  });
});
