/** English: settings: connections, order rules, answers, holds, alerts and operations. */
export const settings = {
  "settings.automation.title": "Automation platform",
  "settings.automation.description":
    "Every new order is sent to the flow you choose here; the result comes back to the order as tags.",
  "settings.automation.apiKey": "API key",
  "settings.automation.apiKeySaved": "Saved key: {masked}. Leave empty to keep it.",
  "settings.automation.apiKeyRequired": "Enter the API key of your automation account",
  "settings.automation.newOrderFlow": "Flow for new orders",
  "settings.automation.abandonedCartFlow": "Flow for abandoned carts",
  "settings.automation.chooseFlow": "Choose a flow",
  "settings.automation.flowRequired": "Choose a flow",
  "settings.automation.flowsHelp": "Enter the API key and test or save it: then you choose among your account's flows.",
  "settings.automation.noFlows": "This account has no flows yet. Create one in the automation platform.",
  "settings.automation.test": "Test connection",
  "settings.automation.testOk.one": "Connected: {count} flow found",
  "settings.automation.testOk.other": "Connected: {count} flows found",
  "settings.automation.save": "Save automation settings",
  "settings.automation.saved": "Automation settings saved",
  "settings.supplier.title": "Supplier marketplace",
  "settings.supplier.description": "Your supplier store lets you link its products to the products of this store.",
  "settings.supplier.storeName": "Store name",
  "settings.supplier.storeNameRequired": "Enter the name of your supplier store",
  "settings.supplier.country": "Country",
  "settings.supplier.countryRequired": "Choose the country of your supplier store",
  "settings.supplier.chooseCountry": "Choose a country",
  "settings.supplier.token": "Integration token",
  "settings.supplier.tokenSaved": "Saved token: {masked}. Leave empty to keep it.",
  "settings.supplier.tokenRequired": "Enter the integration token of your supplier store",
  "settings.supplier.needsAutomation": "Connect the automation platform first: the token is stored through it.",
  "settings.supplier.save": "Save and test connection",
  "settings.supplier.saved": "Supplier marketplace connected",
  "settings.supplier.test": "Test connection",
  "settings.supplier.testOk.one": "Connected: {count} product available",
  "settings.supplier.testOk.other": "Connected: {count} products available",
  "settings.supplier.test.rejected":
    "The supplier marketplace refused the saved token. Enter a new token above and save.",
  "settings.supplier.test.unavailable":
    "The supplier marketplace is not answering right now. Try the test again in a moment.",
  "settings.supplier.test.rate_limited":
    "The supplier marketplace asked us to slow down. Try the test again in a minute.",
  "settings.supplier.receiver.title": "Order status updates",
  "settings.supplier.receiver.where":
    "So that each parcel's status reaches this store, paste this URL in your supplier marketplace panel, under Integrations → Webhooks, as the order status notification URL.",
  "settings.supplier.receiver.url": "Status URL",
  "settings.supplier.receiver.copy": "Copy",
  "settings.supplier.receiver.copied": "URL copied",
  "settings.supplier.receiver.copyByHand": "Your browser did not let us copy it: select the URL and copy it yourself",
  "settings.supplier.receiver.onlyOnce":
    "Copy it now and paste it in the marketplace panel: for your security it is shown only this once.",
  "settings.supplier.receiver.current": "Current URL: {masked}",
  "settings.supplier.receiver.create": "Create status URL",
  "settings.supplier.receiver.rotate": "Generate a new URL",
  "settings.supplier.receiver.rotateHelp":
    "Lost the URL? Generate a new one and paste it in the panel: the current one stops working at once.",
  "settings.supplier.follow.title": "Follow the parcel in the store",
  "settings.supplier.follow.enabled": "Update the store order as the parcel moves",
  "settings.supplier.follow.help":
    "When the supplier reports a stage, the app fulfils the store order with its tracking number, adds the delivery events and marks it paid once delivered. Off until you turn it on.",
  "settings.supplier.follow.feature": "Following the parcel in the store",
  "settings.supplier.follow.withoutScopes":
    "Until you grant them, each parcel's statuses are still recorded and shown in this app; only the store order is left as it is.",
  "settings.supplier.follow.on": "The store will follow each parcel",
  "settings.supplier.follow.off": "The store will no longer follow the parcels",
  "settings.supplier.statusMap.title": "Your own statuses",
  "settings.supplier.statusMap.help":
    "Does your carrier send a status this store does not know yet, or means something else by one? Tell us which stage it is; spelling, accents and capitals do not matter.",
  "settings.supplier.statusMap.raw": "Status as the marketplace sends it",
  "settings.supplier.statusMap.stage": "Read it as",
  "settings.supplier.statusMap.add": "Add a status",
  "settings.supplier.statusMap.remove": "Remove",
  "settings.supplier.statusMap.removeLabel": "Remove the status {raw}",
  "settings.supplier.statusMap.save": "Save statuses",
  "settings.supplier.statusMap.saved": "Statuses saved",
  "journey.stage.at_supplier": "At the supplier",
  "journey.stage.label_created": "Label created",
  "journey.stage.handed_to_carrier": "Handed to the carrier",
  "journey.stage.in_transit": "In transit",
  "journey.stage.out_for_delivery": "Out for delivery",
  "journey.stage.incident": "Incident",
  "journey.stage.delivered": "Delivered",
  "journey.stage.returning": "Returning",
  "journey.stage.returned": "Returned",
  "journey.stage.rejected": "Rejected",
  "journey.stage.cancelled": "Cancelled",
  "journey.stage.lost": "Lost",

  "operations.search": "Search orders",
  "operations.searchPlaceholder": "Order number, buyer's name or phone",
  "operations.export": "Export CSV",
  "operations.retryAll": "Retry all failed ({count})",
  "operations.retryConfirmTitle": "Retry all failed deliveries?",
  "operations.retryConfirmBody.one":
    "{count} failed delivery goes to the automation platform again, a couple per second so its rate limit is never hit.",
  "operations.retryConfirmBody.other":
    "{count} failed deliveries go to the automation platform again, a couple per second so its rate limit is never hit.",
  "operations.retryConfirm": "Retry them",
  "operations.retryQueued.one": "{count} delivery queued again",
  "operations.retryQueued.other": "{count} deliveries queued again",
  "operations.pause": "Pause automation",
  "operations.resume": "Resume automation",
  "operations.pausedTitle": "Automation is paused",
  "operations.pausedBody.one":
    "Paused since {since}. New orders are still recorded; {count} is waiting and goes out when you resume.",
  "operations.pausedBody.other":
    "Paused since {since}. New orders are still recorded; {count} are waiting and go out when you resume.",

  "alerts.keyRefusedTitle": "The automation platform is refusing your API key",
  "alerts.keyRefusedBody":
    "Orders are not reaching your flows. Copy a new API key from the automation platform and save it in Settings; then retry the orders not sent.",
  "alerts.openSettings": "Open settings",
  // The platform refusing the app's server by its IP allowlist: for the app's operator to fix, not the merchant.
  "alerts.ipNotAllowedTitle": "The app's server cannot reach your store's data",
  "alerts.ipNotAllowedBody":
    "Your store's platform refuses the app's calls because the address of the app's server is not in the app's IP allowlist. Nothing in your store or in this app's settings fixes it, and reconnecting the app does not help: the app's operator must add the server's address to the allowlist. Meanwhile, orders still go to your flows, but their tags cannot be added.",
  "alerts.spikeTitle2.one": "In the last hour, {count} order had trouble reaching your flow",
  "alerts.spikeTitle2.other": "In the last hour, {count} orders had trouble reaching your flow",
  "alerts.spike.retrying.one": "{count} is retried automatically.",
  "alerts.spike.retrying.other": "{count} are retried automatically.",
  "alerts.spike.dead.one":
    "{count} is no longer retried: send it again with “Retry all failed” once the platform answers.",
  "alerts.spike.dead.other":
    "{count} are no longer retried: send them again with “Retry all failed” once the platform answers.",
  "alerts.spike.flowFailed.one":
    "For {count}, your flow reported a failure: check the flow and send it again from its page.",
  "alerts.spike.flowFailed.other":
    "For {count}, your flow reported a failure: check the flow and send them again from their pages.",
  "alerts.spike.cause": "The automation platform is failing or not answering.",
  "alerts.open.dead": "See the orders not sent",
  "alerts.open.retrying": "See the orders being retried",
  "alerts.open.flow_failed": "See the orders whose flow failed",

  // Pause and resume, said when done.
  "operations.pausedToast": "Automation paused",
  "operations.resumedToast": "Automation resumed",

  "settings.orderRules.title": "Sending rules",
  "settings.orderRules.description":
    "What happens to an order before it goes to your WhatsApp flow. The phone is put in international form (+57…) with the shipping address's country, then the customer's, then your store's.",
  "settings.orderRules.noPhone": "Order without a valid mobile",
  "settings.orderRules.noPhone.send": "Send it anyway",
  "settings.orderRules.noPhone.hold": "Hold it and tag it automation-no-phone for your team",
  "settings.orderRules.noPhone.skip": "Do not send it",
  "settings.orderRules.phoneCountry": "Phones typed without an international code",
  "settings.orderRules.phoneCountry.help":
    "For numbers typed without a country code when the order names no country. Not chosen: your supplier's country.",
  "settings.orderRules.phoneCountry.supplier": "Your supplier's country",
  "settings.orderRules.save": "Save rules",
  "settings.orderRules.saved": "Rules saved",
  "settings.orderRules.duplicateWindow": "Possible duplicates: minutes between identical orders",
  "settings.orderRules.duplicateWindow.help":
    "The same phone ordering the same items within this time is tagged automation-possible-duplicate. Empty or 0: not checked.",
  "settings.orderRules.duplicateAction": "A possible duplicate",
  "settings.orderRules.duplicateAction.send": "Send it, tagged and marked for your flow",
  "settings.orderRules.duplicateAction.hold": "Hold it for your team to review",
  // The buyer's answer (docs/decisions/210).
  "settings.answers.title": "Buyer's answer",
  "settings.answers.description":
    "Tell the app which callback of your flow means the buyer confirmed, refused or did not answer. The app keeps each order's answer beside the tags; without rules nothing changes.",

  "answers.answer.confirmed": "Confirmed",
  "answers.answer.refused": "Refused",
  "answers.answer.no_answer": "No answer",
  "answers.preset": "Start from a preset",
  "answers.preset.choose": "Choose a preset",
  "answers.preset.status": "Status of the callback (completed, cancelled…)",
  "answers.preset.tags-es": "Spanish tags (confirmado, cancelado…)",
  "answers.preset.tags-en": "English tags (confirmed, cancelled…)",
  "answers.preset.use": "Use preset",
  "answers.none": "No rules: the app records no answers.",
  "answers.rule.answer": "Answer",
  "answers.rule.status": "When the status is",
  "answers.rule.tag": "When a tag is",
  "answers.rule.help":
    "A rule matches when the callback has its status and/or its tag (capital letters do not matter). The first rule that matches gives the answer.",
  "answers.rule.add": "Add rule",
  "answers.rule.removeNumber": "Delete rule {number}",
  "answers.save": "Save answers",
  "answers.saved": "Answer rules saved",
  "answers.preview.title": "Preview with your latest callbacks",
  "answers.preview.empty": "No callbacks yet: the preview appears once your flow has answered an order.",
  "answers.preview.summary.one": "{matched} of {count} callback gives an answer with these rules.",
  "answers.preview.summary.other": "{matched} of {count} callbacks give an answer with these rules.",
  "answers.preview.status": "status {status}",
  "answers.preview.tags": "tags {tags}",
  "answers.preview.noMatch": "No rule matches",

  // Holding orders until the buyer answers (docs/decisions/211).
  "settings.holds.title": "Hold until the buyer confirms",
  "settings.holds.description":
    "The app places a fulfillment hold on cash on delivery orders as soon as your store routes them, so nobody ships an order the buyer has not confirmed. A confirmation releases it; the app only ever releases its own holds.",

  "holds.enabled": "Hold orders until the buyer answers",
  "holds.enabled.help": "Off by default. Needs the buyer's answer rules above.",
  "holds.codOnly": "Only cash on delivery orders",
  "holds.gateways": "Payment method names that mean cash on delivery",
  "holds.gateways.help": "One per line, as your orders show them (capital letters do not matter).",
  "holds.onRefused": "When the buyer refuses",
  "holds.onRefused.keep": "Keep the hold and the tags",
  "holds.onRefused.cancel": "Cancel the order and restock",
  "holds.noAnswerHours": "Hours without an answer",
  "holds.noAnswerHours.help":
    "Counted from when the app holds the order. If your flow reports that the buyer did not answer, the app records it and keeps waiting until these hours have passed: the buyer can still answer. Empty: wait as long as it takes.",
  "holds.onNoAnswer": "After those hours",
  "holds.onNoAnswer.keep": "Keep the hold",
  "holds.onNoAnswer.release": "Release the order",
  "holds.onNoAnswer.cancel": "Cancel the order and restock",
  "holds.notifyCustomer": "Email the buyer when the app cancels",
  "holds.cancelWarning.title": "Cancelling cannot be undone",
  "holds.cancelWarning":
    "A cancelled order cannot be reopened: the buyer would have to order again. Your store refuses to cancel orders that are already fulfilled; the app then shows why and does not try again.",
  "holds.save": "Save holds",
  "holds.saved": "Holds saved",
  "holds.feature": "Holding orders",
  // Notes the app leaves on the order for the shop's staff, in the shop's language (docs/decisions/290).
  "holds.staffNote.hold": "Waiting for the buyer's confirmation",
  "holds.staffNote.cancelRefused": "Cancelled by the app: the buyer refused the order.",
  "holds.staffNote.cancelNoAnswer": "Cancelled by the app: the buyer did not confirm the order in time.",
  "holds.staffNote.cancelMerchant": "Cancelled from the order automation app.",

  "settings.orderRules.sendingHours": "Send orders only within set hours",
  "settings.orderRules.sendingHours.help":
    'In your store\'s time. Orders that arrive outside these hours wait and go out in order when they open; if "until" is before "from", the hours span midnight.',
  "settings.orderRules.sendingHours.from": "From",
  "settings.orderRules.sendingHours.to": "Until",

  "operations.pauseConfirmTitle": "Pause automation?",
  "operations.pauseConfirmBody":
    "New orders won't go to your flow until you resume it. None are lost: they wait in the queue.",
  "operations.pauseConfirm": "Pause",
  "operations.resumeConfirmTitle": "Resume automation?",
  "operations.resumeConfirmBody.one": "{count} waiting order will go to your flow now.",
  "operations.resumeConfirmBody.other": "{count} waiting orders will go to your flow now.",
  "operations.resumeConfirm": "Resume",
} as const;
