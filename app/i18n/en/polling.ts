/** English: how asking the supplier marketplace covers a lost status push (decision 328). */
export const polling = {
  "polling.title": "When a status push is lost",
  "polling.when.one":
    "The app asks the marketplace about an order once its parcel has stayed in its stage longer than its carrier usually takes, plus {count} hour.",
  "polling.when.other":
    "The app asks the marketplace about an order once its parcel has stayed in its stage longer than its carrier usually takes, plus {count} hours.",
  "polling.reach.one":
    "{count} open order shares {calls} calls an hour to the marketplace: a parcel that looks late is asked about within about {within}, so a lost status appears within about {within} of the parcel looking late.",
  "polling.reach.other":
    "{count} open orders share {calls} calls an hour to the marketplace: a parcel that looks late is asked about within about {within}, so a lost status appears within about {within} of the parcel looking late.",
  "polling.minutes.one": "{count} minute",
  "polling.minutes.other": "{count} minutes",
  "polling.hours.one": "{count} hour",
  "polling.hours.other": "{count} hours",
} as const;
