import { describe, expect, it } from "vitest";
import { localCity } from "./zone-cities.ts";

describe("a zone's city in the visitor's language", () => {
  it("names it as the language does, or leaves the English name", () => {
    expect(localCity("Europe/Vienna", "de-DE").name).toBe("Wien");
    expect(localCity("Europe/Warsaw", "pl-PL").name).toBe("Warszawa");
    expect(localCity("Europe/Warsaw", "fr-FR").name).toBe("Varsovie");
    // Brazilian Portuguese takes the second name where the two differ.
    expect(localCity("America/New_York", "pt-PT").name).toBe("Nova Iorque");
    expect(localCity("America/New_York", "pt-BR").name).toBe("Nova York");
    expect(localCity("Europe/Paris", "de-DE").name).toBeNull();
    expect(localCity("Europe/Vienna", "en-US").name).toBeNull();
    expect(localCity("Pacific/Kiritimati", "de-DE")).toEqual({ name: null, allNames: [] });
  });

  it("searches every language's names", () => {
    expect(localCity("Europe/Warsaw", "en-US").allNames).toEqual(
      expect.arrayContaining(["Warszawa", "Warschau", "Varsovie", "Varsóvia"]),
    );
  });
});
