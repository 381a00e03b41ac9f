/** English: the return-risk score where the merchant reads it, the phone blocklist and the rules' preview. */
export const risk = {
  "risk.level.low": "Low",
  "risk.level.medium": "Medium",
  "risk.level.high": "High",
  "risk.score": "Return risk {score}/100",
  "risk.scoreShort": "{score}/100",
  "risk.none": "Not scored",
  "risk.assessment.summary": "Return risk {score}/100 ({level}), from this shop's own order history",
  "risk.reason.phone_returns": "{count} earlier orders from this phone were returned",
  "risk.reason.phone_refusals": "{count} earlier orders from this phone were refused at the door",
  "risk.reason.buyer_refused": "The buyer refused {count} earlier orders on WhatsApp",
  "risk.reason.blocked_phone": "The phone is on the shop's blocklist",
  "risk.reason.no_mobile": "No usable mobile phone",
  "risk.reason.likely_duplicate": "Looks like a repeat of a recent order",
  "risk.reason.high_value": "Order total above the shop's usual",
  "risk.reason.first_order": "First order from this phone",
  "risk.reason.delivered_before": "{count} earlier orders from this phone were delivered",
  "risk.reason.other": "Other signal ({code})",
  "risk.points.up": "+{points} points",
  "risk.points.down": "{points} points",
  // The blocklist's outcomes in the log (docs/decisions/337).
  "deliveryError.held_blocked_phone":
    "Held: the buyer's phone is on your blocklist. Tagged automation-blocked-phone for your team",
  "deliveryError.blocked_phone": "Not sent: the buyer's phone is on your blocklist (your rule)",
  "error.invalid_phone": "Enter a valid phone number, with its country code if it is from abroad.",
  "error.blocklist_full": "The blocklist is full ({limit} phones): remove some before adding more.",
};
