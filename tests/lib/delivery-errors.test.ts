import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/context";
import { deliveryErrorText } from "~/lib/deliveries";
import {
  DELIVERY_ERROR_CODES,
  describeDeliveryError,
  lastErrorColumns,
  storedDeliveryError,
} from "~/lib/delivery-errors";

const es = createI18n("es-CO");
const en = createI18n("en");

describe("delivery error codes", () => {
  it("words every code in both languages, never the server's English sentence", () => {
    for (const code of DELIVERY_ERROR_CODES) {
      const params = { status: 500, attempts: 8 };
      const spanish = deliveryErrorText(es, { code, params })!.message;
      const english = deliveryErrorText(en, { code, params })!.message;
      expect(spanish).not.toBe(english);
      expect(spanish).not.toContain("deliveryError.");
      expect(spanish).not.toBe(describeDeliveryError({ code, params }));
    }
  });

  it("gives a refused key its own message with the status, and the platform's words only as the detail", () => {
    expect(
      deliveryErrorText(es, { code: "trigger_http", params: { status: 401, detail: "invalid token ••••" } }),
    ).toEqual({
      message:
        "La plataforma de automatización rechazó la clave API (HTTP 401). Guarda una clave nueva en Configuración",
      detail: "invalid token ••••",
    });
    expect(deliveryErrorText(en, { code: "trigger_http", params: { status: 418 } })).toEqual({
      message: "The automation platform answered with an error (HTTP 418)",
      detail: null,
    });
    expect(deliveryErrorText(es, { code: "trigger_http", params: { status: 503 } })!.message).toBe(
      "La plataforma de automatización tuvo un problema propio (HTTP 503)",
    );
  });

  it("adds that the schedule gave up, in the plural form the count needs", () => {
    expect(deliveryErrorText(es, { code: "trigger_timeout", params: { gaveUpAfter: 8 } })!.message).toBe(
      "La plataforma de automatización no respondió a tiempo. Se dejó de intentar tras 8 intentos",
    );
    expect(deliveryErrorText(en, { code: "worker_stopped", params: { attempts: 1 } })!.message).toBe(
      "Sending was interrupted during its only attempt",
    );
  });

  it("shows a row from before codes with a generic message and its sentence as the detail", () => {
    expect(deliveryErrorText(es, { code: null, text: "HTTP 422: flow is paused" })).toEqual({
      message: "Algo falló al enviarlo",
      detail: "HTTP 422: flow is paused",
    });
    expect(deliveryErrorText(es, { code: null, text: null })).toBeNull();
  });

  it("keeps the English sentences the API and the operators have always read", () => {
    expect(describeDeliveryError({ code: "trigger_http", params: { status: 422, detail: "Flow is paused" } })).toBe(
      "Automation platform answered HTTP 422: Flow is paused",
    );
    expect(describeDeliveryError({ code: "trigger_http", params: { status: 503, gaveUpAfter: 8 } })).toBe(
      "Gave up after 8 attempts. Automation platform answered HTTP 503",
    );
    expect(describeDeliveryError({ code: "no_order_flow" })).toBe("No new-order flow is configured");
  });

  it("stores code and parameters in columns and reads back only known codes and safe parameters", () => {
    const columns = lastErrorColumns({ code: "trigger_http", params: { status: 401 } });
    expect(columns).toEqual({
      lastError: "Automation platform answered HTTP 401",
      lastErrorCode: "trigger_http",
      lastErrorParams: '{"status":401}',
    });
    expect(storedDeliveryError(columns.lastErrorCode, columns.lastErrorParams)).toEqual({
      code: "trigger_http",
      params: { status: 401 },
    });
    expect(lastErrorColumns(null)).toEqual({ lastError: null, lastErrorCode: null, lastErrorParams: null });
    expect(storedDeliveryError("something_new", null)).toBeNull();
    expect(storedDeliveryError("no_api_key", '{"status":"x","apiKey":"secret"}')).toEqual({
      code: "no_api_key",
      params: {},
    });
  });
});
