/** English: home and the loop test. */
export const home = {
  "home.checklist.title": "Setup",
  "home.checklist.progress": "{done} of {total} steps completed",
  "home.checklist.automation": "Connect the automation platform",
  "home.checklist.flows": "Choose the new-order and abandoned-cart flows",
  "home.checklist.supplier": "Connect the supplier marketplace",
  "home.checklist.product": "Link a supplier product to a store product",
  "home.checklist.theme": "Install the theme",
  "home.checklist.automation.help": "Orders reach your chatbot flow through your automation account's API key.",
  "home.checklist.flows.help":
    "One flow confirms new orders with the buyer; another writes to buyers who left their cart.",
  "home.checklist.supplier.help": "Your supplier store's token lets you browse its catalog and link its products.",
  "home.checklist.product.help": "A linked product takes the supplier's name, description, images and barcodes.",
  "home.checklist.theme.help": "Optional: a store theme made for cash-on-delivery orders, installed unpublished.",
  "home.checklist.after": "Available after: {step}",
  "home.checklist.dismiss": "Hide the setup guide",
  "home.checklist.complete": "Setup complete. Your orders go to the flow as soon as they are placed.",
  "home.checklist.done": "Done",
  "home.checklist.todo": "To do",
  "home.checklist.go": "Set up",
  "home.health.title": "Orders sent to the flow, last 24 hours",
  "home.health.delivered": "Sent to the flow",
  "home.health.retrying": "Retrying",
  "home.health.dead": "Not sent",
  "home.health.flowFailed": "Flow failed",
  "home.health.viewLog": "View the flow activity",
  "home.orders.title": "Recent orders",
  "home.orders.empty": "No orders yet. New orders appear here as soon as they are placed.",
  "home.orders.order": "Order",
  "home.orders.date": "Date",
  "home.orders.customer": "Customer",
  "home.orders.total": "Total",
  "home.orders.tags": "Tags",
  "home.orders.noTags": "No tags",
  "home.orders.beforeInstall": "Placed before the app was installed",

  "loopTest.title": "Test the whole loop",
  "loopTest.intro":
    "Places a test order on your store and follows it from your store to your flow and back: the store's notice of the new order, the send to your flow, your flow's answer and the tag on the order. The test order has no customer, is deleted at the end and does not count in your insights. With no buyer to write to, it goes to your flow at once, outside your sending hours and past your order rules (no mobile, possible duplicates).",
  "loopTest.start": "Run the test",
  "loopTest.again": "Run the test again",
  "loopTest.placing": "Placing the test order…",
  "loopTest.following": "Following test order {order}. This usually takes a few seconds.",
  "loopTest.step.webhook": "Your store told the app about the order",
  "loopTest.step.trigger": "The app sent the order to your flow",
  "loopTest.step.callback": "Your flow answered",
  "loopTest.step.tag": "Tag added to the order",
  "loopTest.state.done": "after {seconds} s",
  "loopTest.badge.done": "Done",
  "loopTest.badge.waiting": "Waiting",
  "loopTest.badge.pending": "Not reached",
  "loopTest.badge.failed": "Failed",
  "loopTest.passed": "The whole loop works: the test order went from your store to your flow and back in {seconds} s.",
  "loopTest.failed": "The loop stopped at this step: {step}",
  "loopTest.whatToCheck": "What to check",
  "loopTest.detail": "What the app saw: {detail}",
  "loopTest.flowReportedFailure":
    "Your flow called back saying it failed for the test order. That is expected if the flow needs the buyer's phone (the test order has no customer); otherwise, check the flow.",
  "loopTest.problem.order_not_created":
    "Your store did not accept the test order. Check that the app still has permission to create orders (reinstall it if your store asks), then run the test again.",
  "loopTest.problem.no_webhook":
    "Your store did not tell the app about the new order. Reinstall the app so your store tells it about every order again, and run the test again.",
  "loopTest.problem.automation_paused":
    "Automation is paused for your store, so the order was not sent. Resume it on the Flow activity page, then run the test again.",
  "loopTest.problem.no_api_key": "No automation API key is saved. Add your key in Settings.",
  "loopTest.problem.no_flow": "No new-order flow is chosen. Choose one in Settings.",
  "loopTest.problem.trigger_skipped": "The app did not send the order to the flow.",
  "loopTest.reason": "Reason: {reason}",
  "loopTest.problem.key_refused": "Your automation platform refused the API key. Save a new key in Settings.",
  "loopTest.problem.flow_not_found":
    "Your automation platform does not know the chosen flow. Choose the new-order flow again in Settings.",
  "loopTest.problem.automation_refused":
    "Your automation platform refused the order. Check the flow's trigger in your automation account.",
  "loopTest.problem.automation_unreachable":
    "Your automation platform did not answer. Check its status; real orders are retried automatically.",
  "loopTest.problem.no_trigger":
    "The app did not send the order in time. Check that the app's server and its worker are running.",
  "loopTest.problem.no_callback":
    "Your flow did not answer. Check that the flow ends with the step that tells the app the outcome, with your API key and the order name.",
  "loopTest.problem.tag_refused":
    "Your store refused the tag on the order. Check that the app still has permission to edit orders.",
  "loopTest.problem.no_tag":
    "The answer arrived but no tag was added to the order. Check that the app still has permission to edit orders.",
  "loopTest.cleanup.waiting": "Test order {order} is deleted when the test ends.",
  "loopTest.cleanup.deleted": "Test order {order} was deleted.",
  "loopTest.cleanup.cancelled": "Test order {order} could not be deleted, so it was cancelled.",
  "loopTest.cleanup.failed": "Test order {order} could not be removed. Delete it in Orders.",
  "loopTest.order.title": "Loop test (deleted automatically)",
  "loopTest.order.note":
    "Test order placed by the order automation app to check the whole loop. It is deleted automatically.",

  "home.noPhone.one": "{count} order in the last 7 days had no valid mobile",
  "home.noPhone.other": "{count} orders in the last 7 days had no valid mobile",
  "home.noPhone.link": "Review the sending rules",
  // The shipments the app holds, by why there is no answer yet (docs/decisions/300).
  "home.held.title": "Shipping held by the app",
  "home.held.none": "No shipping is held right now.",
  "home.held.waitingBuyer.one": "{count} order sent to the buyer, waiting for their answer",
  "home.held.waitingBuyer.other": "{count} orders sent to the buyer, waiting for their answers",
  "home.held.answered.one": "{count} order the buyer answered, still held as your settings say",
  "home.held.answered.other": "{count} orders the buyers answered, still held as your settings say",
  "home.held.heldByRules.one":
    "{count} order held by your rules (no mobile or a possible duplicate): not sent to the buyer until you review it",
  "home.held.heldByRules.other":
    "{count} orders held by your rules (no mobile or a possible duplicate): not sent to the buyers until you review them",
  "home.held.sendingHours.one": "{count} order waiting for your sending hours: it goes out on {opensAt}",
  "home.held.sendingHours.other": "{count} orders waiting for your sending hours: the first goes out on {opensAt}",
  "home.held.notSent.one": "{count} order not yet at your flow",
  "home.held.notSent.other": "{count} orders not yet at your flow",
  "home.held.oldestSince": "Held since {time}",
  "home.checklist.refused": "Key refused",
  "home.checklist.automation.refused": "The automation platform refuses the saved key: paste a new one in Settings.",

  "loopTest.ranAt": "Test run on {time}",
  "loopTest.resumedSince": "Automation was paused during this test and you have resumed it since: test the loop again.",
  // The loop test's hold steps, when the shop holds orders until the buyer answers.
  "loopTest.step.hold": "The app held the order until the buyer's answer",
  "loopTest.step.release": "The app released the order on the test's confirmation",
  "loopTest.problem.no_hold":
    "The app did not hold the test order. In Settings, under “Hold until the buyer confirms”, check that you granted the permissions it asks for.",
  "loopTest.problem.no_release":
    "The app held the order but did not release it on the confirmation. If you released or cancelled the order by hand, the app stood down.",
} as const;
