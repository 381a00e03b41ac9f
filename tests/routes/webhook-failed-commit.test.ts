import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import prisma, { sqliteConnection } from "~/db.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { handleFastPath } from "~/fast-paths/fast-paths.server";
import { appRequestListener } from "../../server/app-server";
import { createAutomatedShop } from "../helpers/factories";
import { holdSqliteConnection, orphanUnderDeferredKey, refuseDeliveryWritesAtCommit } from "../helpers/store-contract";
import { onPostgres } from "../helpers/db";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { webhookRequest } from "../helpers/requests";
import orderRest from "../fixtures/webhooks/order-rest.json";

const PATH = "/webhooks/orders/create";
const orderRequest = (shop: string, eventId: string) =>
  webhookRequest(PATH, orderRest, { shop, topic: "orders/create", eventId });

let fastPath: LocalServer;
beforeEach(async () => {
  fastPath = await startLocalServer(
    appRequestListener(async () => new Response("passed on", { status: 299 }), { fastPath: handleFastPath }),
  );
});
afterEach(() => fastPath.close());

/** The route module (the development server) and the production server's fast path, over a real socket. */
const RECEIVERS: [string, (shop: string, eventId: string) => Promise<Response>][] = [
  ["the route", (shop, eventId) => ordersCreate({ request: orderRequest(shop, eventId) })],
  [
    "the fast path",
    async (shop, eventId) => {
      const request = orderRequest(shop, eventId);
      return fetch(`${fastPath.origin}${PATH}`, {
        method: "POST",
        headers: request.headers,
        body: await request.text(),
      });
    },
  ],
];

/**
 * A webhook's answer is the platform's only sign that the order was stored: a 200 for an order whose write did not
 * reach the disk is an order lost, a 5xx makes the platform deliver it again.
 */
describe.runIf(!onPostgres()).each(RECEIVERS)(
  "orders/create through %s when the SQLite group its insert shares fails",
  (_, deliverOrder) => {
    afterEach(async () => {
      vi.restoreAllMocks();
      await prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "TestChild"`);
      await prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "TestParent"`);
      await prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "TestEnder"`);
    });

    /**
     * Runs `poison` in the same group as the webhook's insert: an open transaction holds the connection while the
     * insert and then `poison` queue behind it, and both run together (one BEGIN ... COMMIT) once it ends.
     */
    async function deliverBesides(shop: string, eventId: string, poison: string) {
      const connection = (await sqliteConnection())!;
      const release = await holdSqliteConnection();
      try {
        const posted = vi.spyOn(Worker.prototype, "postMessage");
        const answer = deliverOrder(shop, eventId);
        // The receiver's one statement is on its way to the thread, where it waits for the transaction.
        await vi.waitFor(() => {
          const sent = posted.mock.calls.flatMap(([messages]) => messages as { kind: string; tx?: number }[]);
          expect(sent.some((message) => message.kind === "query" && !message.tx)).toBe(true);
        });
        const besides = connection.statement(poison, []).then(
          () => "stored",
          (error: unknown) => error,
        );
        await release();
        return { answer: await answer, besides: await besides };
      } finally {
        await release();
      }
    }

    it("answers 500 and stores nothing when the group's COMMIT fails, and stores the order when delivered again", async () => {
      const shop = await createAutomatedShop();
      // An orphan under a deferred foreign key: its own statement passes, the COMMIT of its group fails.
      const { answer, besides } = await deliverBesides(shop, "evt-commit", await orphanUnderDeferredKey());
      expect(answer.status).toBe(500);
      expect(besides).toBeInstanceOf(Error);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(0);

      expect((await deliverOrder(shop, "evt-commit")).status).toBe(200);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
    });

    it("answers 500 and stores nothing when a later statement of the group ends its transaction", async () => {
      const shop = await createAutomatedShop();
      await prisma.$executeRawUnsafe(`CREATE TABLE "TestEnder" ("id" TEXT)`);
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER "TestEnder_rollback" BEFORE INSERT ON "TestEnder" BEGIN SELECT RAISE(ROLLBACK, 'ended'); END`,
      );
      const { answer, besides } = await deliverBesides(shop, "evt-ended", `INSERT INTO "TestEnder" VALUES ('x')`);
      expect(answer.status).toBe(500);
      expect(besides).toBeInstanceOf(Error);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(0);

      expect((await deliverOrder(shop, "evt-ended")).status).toBe(200);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
    });
  },
);

describe.runIf(onPostgres()).each(RECEIVERS)(
  "orders/create through %s when PostgreSQL refuses its insert at COMMIT",
  (_, deliverOrder) => {
    afterEach(async () => {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS "test_refuse_at_commit" ON "Delivery"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_refuse_at_commit()`);
    });

    it("answers 500 and stores nothing, and stores the order when delivered again", async () => {
      const shop = await createAutomatedShop();
      // A deferred constraint trigger runs at COMMIT: the INSERT itself succeeds, its transaction does not.
      await refuseDeliveryWritesAtCommit();
      expect((await deliverOrder(shop, "evt-commit")).status).toBe(500);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(0);

      await prisma.$executeRawUnsafe(`DROP TRIGGER "test_refuse_at_commit" ON "Delivery"`);
      expect((await deliverOrder(shop, "evt-commit")).status).toBe(200);
      expect(await prisma.delivery.count({ where: { shop } })).toBe(1);
    });
  },
);
