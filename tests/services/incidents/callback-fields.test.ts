import { describe, expect, it } from "vitest";
import { formatAnswerDay, readIncidentAnswer } from "~/lib/incident-answers";
import { AppError } from "~/lib/http.server";
import { incidentCallbackFields } from "~/services/incidents/callback-fields.server";

const bogota = async () => "America/Bogota";

describe("the incident flow's answer in a callback", () => {
  it("is none when the callback carries no answer", () => {
    expect(incidentCallbackFields({ orderName: "#1001", status: "completed" }, bogota)).toBeNull();
  });

  it("reads the answers' Spanish and English spellings", () => {
    expect(readIncidentAnswer("Nueva fecha")).toBe("new_date");
    expect(readIncidentAnswer("reprogramar")).toBe("new_date");
    expect(readIncidentAnswer("NUEVA DIRECCIÓN")).toBe("new_address");
    expect(readIncidentAnswer("recoger-en-oficina")).toBe("office_pickup");
    expect(readIncidentAnswer("No quiere")).toBe("refused");
    expect(readIncidentAnswer("office_pickup")).toBe("office_pickup");
    expect(readIncidentAnswer("maybe")).toBeNull();
  });

  it("reads a date-time's day in the shop's zone and a day/month/year date", async () => {
    const late = await incidentCallbackFields(
      { novedad: "nueva_fecha", fecha: "x", newDate: "2026-12-02T02:00:00Z", incident_id: "incident:1:2" },
      bogota,
    );
    expect(late).toEqual({ answer: "new_date", newDate: "2026-12-01", newAddress: null, incidentId: "incident:1:2" });
    const dmy = await incidentCallbackFields({ incident_answer: "new_date", nueva_fecha: "2/12/2026" }, bogota);
    expect(dmy?.newDate).toBe("2026-12-02");
  });

  it("refuses an answer or a date it cannot read, naming the field as it was sent", async () => {
    await expect(incidentCallbackFields({ novedadAnswer: "tal vez" }, bogota)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("novedadAnswer"),
    });
    const date = incidentCallbackFields({ incidentAnswer: "new_date", new_date: "next tuesday" }, bogota);
    await expect(date).rejects.toBeInstanceOf(AppError);
    await expect(date).rejects.toMatchObject({ message: expect.stringContaining("new_date") });
    await expect(
      incidentCallbackFields({ incidentAnswer: "new_address", newAddress: "x".repeat(301) }, bogota),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("words the day asked for in the merchant's language", () => {
    expect(formatAnswerDay("2026-12-02", "es")).toBe("miércoles 2 de diciembre");
    expect(formatAnswerDay("2026-12-02", "en")).toBe("Wednesday, December 2");
  });
});
