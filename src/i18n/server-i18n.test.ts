import { describe, expect, it } from "vitest";
import { serverI18n } from "./server-i18n.ts";

describe("serverI18n", () => {
  it("formats ICU selects and plurals per language", () => {
    expect(serverI18n("en").t("email.contactMethod", { method: "phone" })).toBe("How we will contact you: by phone");
    expect(serverI18n("de").t("email.contactMethod", { method: "phone" })).toBe("So kontaktieren wir Sie: telefonisch");
    expect(serverI18n("en").t("email.contactMethod", { method: "Phone call to +1 555 0100" })).toBe(
      "How we will contact you: Phone call to +1 555 0100",
    );
  });

  it("falls back to English for an unknown locale", () => {
    expect(serverI18n("xx").locale).toBe("en");
  });
});
