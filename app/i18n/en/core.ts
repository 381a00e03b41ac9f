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
  "tagPolicy.title": "Outcome tags",
  "tagPolicy.description":
    "Each answer from your flow adds a tag to the order (automation-processed, automation-completed, automation-pending or automation-error).",
  "tagPolicy.replace": "Replace the earlier outcome tag",
  "tagPolicy.replaceHelp":
    "Off (recommended): tags are only added and the order keeps them all, so your saved filters and automations that look for, say, automation-processed still find it. On: each new answer removes the outcome tag the app added before; your own tags are never touched.",
  "tagPolicy.saved": "Tag preference saved",

  "duration.underSecond": "under 1\u00a0s",

  // Optional access scopes, asked for when a feature needs them.
  "scopes.missing.title": "{feature} needs more permissions",
  "scopes.missing":
    "Your store has not granted the app: {scopes}. Until it does, the app keeps working without this feature.",
  "scopes.request": "Grant permissions",
  "scopes.answer.granted": "Permissions granted.",
  "scopes.answer.declined": "The permissions were not granted. The feature stays off until they are.",
  "scopes.answer.unavailable": "Open the app from your store's admin to grant permissions.",
} as const;
