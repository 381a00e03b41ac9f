/** English: the app's frame: navigation, common words, countries, scopes. */
export const core = {
  "app.title": "Order automation",

  "nav.home": "Home",
  "nav.settings": "Settings",
  "nav.catalogue": "Supplier catalogue",
  "nav.products": "Linked products",
  "nav.deliveries": "Flow activity",
  "nav.theme": "Theme",

  "common.refresh": "Refresh",
  "common.retry": "Try again",
  "common.cancel": "Cancel",
  "common.save": "Save",
  "common.delete": "Delete",
  "common.none": "None",
  "common.previous": "Previous",
  "common.next": "Next",
  "common.pageOf": "Page {page} of {pages}",
  "common.unexpectedError": "Something went wrong. Try again in a moment.",
  "common.networkError": "The app could not be reached. Check your connection and try again.",

  "unsaved.discard": "Discard",
  "unsaved.leaveTitle": "Leave without saving?",
  "unsaved.leaveBody": "Your changes on this page have not been saved. If you leave, they are lost.",
  "unsaved.leave": "Leave without saving",
  "unsaved.stay": "Stay",

  "country.CO": "Colombia",
  "country.EC": "Ecuador",
  "country.CL": "Chile",
  "country.GT": "Guatemala",
  "country.MX": "Mexico",
  "country.PA": "Panama",
  "country.PE": "Peru",
  "country.PY": "Paraguay",

  // Order page, insights, operations and alerts.
  "nav.insights": "Insights",

  "repeatFlow.title": "Run the flow again?",
  "repeatFlow.body":
    "The automation platform already received this order and its flow ran, at least in part: the buyer may get another message. Each order can be sent again once every 5 minutes.",
  "repeatFlow.confirm": "Run it again",

  // Order tags written by the flow's callback
  "tagPolicy.title": "Order tags",
  "tagPolicy.description":
    "The app adds tags to orders so you can find them in your store's order list. Tags are spelled the same in every language, so your filters and automations always find them.",
  "tagPolicy.list": "The tags the app adds",
  "tagPolicy.meaning.processed": "your flow finished with the order (its result, not the buyer's answer)",
  "tagPolicy.meaning.completed": "your flow reported that it completed the order",
  "tagPolicy.meaning.pending": "your flow has not finished with the order yet",
  "tagPolicy.meaning.error": "the order did not reach your flow, or your flow reported a failure",
  "tagPolicy.meaning.buyerConfirmed": "the buyer confirmed the order",
  "tagPolicy.meaning.buyerRefused": "the buyer refused the order",
  "tagPolicy.meaning.buyerNoAnswer": "the buyer did not answer in time",
  "tagPolicy.meaning.noPhone": "held by your rules: the buyer's phone is not a valid mobile",
  "tagPolicy.meaning.duplicate": "possible duplicate: the same phone ordered the same items shortly before",
  "tagPolicy.answerTag": "Add the buyer's answer as a tag",
  "tagPolicy.answerTagHelp":
    "On (recommended): a confirmed, refused or unanswered order gets its own tag, by your answer rules, so a refused order does not look like a confirmed one in the order list. Only added, never removed.",
  "tagPolicy.replace": "Replace the flow's earlier result tag",
  "tagPolicy.replaceHelp":
    "Off (recommended): tags are only added and the order keeps them all, so your filters and automations that look for, say, automation-processed still find it. On: each new flow result removes the result tag the app added before; the buyer's answer tags and your own tags are never touched.",
  "tagPolicy.saved": "Tag preference saved",

  "duration.underSecond": "under 1\u00a0s",

  // Optional access scopes, asked for when a feature needs them.
  "scopes.missing.title": "{feature} needs more permissions",
  "scope.read_inventory": "see the inventory",
  "scope.write_inventory": "change the inventory",
  "scope.read_locations": "see your locations",
  "scope.write_merchant_managed_fulfillment_orders": "hold, release and fulfil the shipments you fulfil yourself",
  "scope.write_third_party_fulfillment_orders":
    "hold, release and fulfil the shipments another app or your supplier fulfils",
  "scopes.missing":
    "For this the app needs permission to {scopes}. Until you grant it, the app keeps working without this feature.",
  "scopes.request": "Grant permissions",
  "scopes.answer.granted": "Permissions granted.",
  "scopes.answer.declined": "The permissions were not granted. The feature stays off until they are.",
  "scopes.answer.unavailable": "Open the app from your store's admin to grant permissions.",
} as const;
