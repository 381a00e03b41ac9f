/** English: the delivery-incident ("novedad") flow: its settings and the buyer's answers (decisions 330, 331). */
export const incidents = {
  "incidents.settings.title": "Delivery incidents",
  "incidents.settings.description":
    "When a parcel has a delivery incident (a failed attempt, waiting at the office), this flow writes to the buyer on WhatsApp, once per incident.",
  "incidents.settings.flow": "Delivery incidents flow",
  "incidents.settings.flowNone": "None (do not write to the buyer)",
  "incidents.settings.stuck": "Also when a parcel is stuck",
  "incidents.settings.stuckHelp":
    "A parcel that has not moved for longer than its carrier usually takes runs the flow too, once per stuck stage.",
  "incidents.settings.openIncidents.one":
    "Choosing a flow also writes now to the buyer of {count} parcel still in an incident reported in the last 3 days, once.",
  "incidents.settings.openIncidents.other":
    "Choosing a flow also writes now to the buyers of {count} parcels still in an incident reported in the last 3 days, once each.",
  "incidents.settings.stuckNow.one": "Turning it on also writes to the buyer of {count} parcel stuck now, once.",
  "incidents.settings.stuckNow.other":
    "Turning it on also writes to the buyers of {count} parcels stuck now, once each.",
  "incidents.settings.tagPrefix": "Tag prefix for the buyer's answer",
  "incidents.settings.tagPrefixHelp": "The answer adds a tag such as {example} to the order.",
  "incidents.settings.save": "Save",
  "incidents.settings.saved": "Delivery incidents flow saved",
  "incidents.answer.new_date": "Asked for a new date",
  "incidents.answer.new_date.day": "Asked for a new date: {day}",
  "incidents.answer.new_address": "Gave a new address",
  "incidents.answer.new_address.text": "Gave a new address: {address}",
  "incidents.answer.office_pickup": "Will pick it up at the office",
  "incidents.answer.refused": "Does not want the parcel",
  "incidents.answer.heading": "Buyer's answer to the incident",
  "incidents.answer.at": "Answered {time}",
} as const;
