import prisma from "../../db.server";

/**
 * What the automation callback tells a running loop test (docs/decisions/150): that a callback about its order
 * arrived, before the tags are written, so a refused tag write is told apart from a callback that never came.
 * A read first: nearly every callback is about a real order, and a read takes no write lock.
 */
async function runningTest(shop: string, orderId: string) {
  return prisma.loopTest.findFirst({ where: { shop, orderId, finishedAt: null }, select: { id: true } });
}

export async function noteLoopCallback(shop: string, orderId: string, now = new Date()) {
  const test = await runningTest(shop, orderId);
  if (test) await prisma.loopTest.updateMany({ where: { id: test.id, callbackAt: null }, data: { callbackAt: now } });
}

export async function noteLoopTagProblem(shop: string, orderId: string, problem: string) {
  const test = await runningTest(shop, orderId);
  if (test) await prisma.loopTest.update({ where: { id: test.id }, data: { tagProblem: problem } });
}
