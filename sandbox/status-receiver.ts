import { adminAction, type Stack } from "./stack";

/**
 * What a merchant does by hand in the marketplace panel, done for the sandbox's shop: the app makes the shop's
 * status receiver URL (the settings card's "new URL", docs/decisions/321) and the supplier simulator gets it
 * registered for the shop's supplier token, so status pushes reach the app. Making a new URL replaces the old one
 * at once, so this is run once per start, as the merchant would paste it once.
 */
export async function registerStatusReceiver(stack: Stack, shop: string, supplierToken: string): Promise<string> {
  const response = await adminAction<{ receiverUrl: string }>(stack, shop, "/app/settings", {
    intent: "supplier-receiver-new",
  });
  if (response.status !== 200) throw new Error(`Making the status URL answered HTTP ${response.status}`);
  const made = new URL(response.data.receiverUrl);
  // The app names itself by its public URL; the simulator reaches it where it listens.
  const url = new URL(made.pathname, stack.appUrl).toString();
  const registered = await fetch(`${stack.supplierUrl}/sim/status-webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: supplierToken, url }),
  });
  if (registered.status !== 201) throw new Error(`Registering the status URL answered HTTP ${registered.status}`);
  return url;
}
