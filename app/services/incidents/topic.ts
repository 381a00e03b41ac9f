/**
 * The outbox topic of the delivery-incident flow's triggers (docs/decisions/330), beside the platform's webhook
 * topics: the app makes these deliveries itself, when a parcel enters an incident or stands still too long.
 */
export const INCIDENT_TOPIC = "journey/incident";
