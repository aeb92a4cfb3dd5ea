/** The embed snippet of a calendar (issue 17): what a business pastes into its own page. */
import { EMBED_MODES, embedSnippet } from "../../../embed/snippet.ts";
import { BRAND_COLOUR_FORMAT, THEMES } from "../../../core/shared/brand-colour.ts";
import { serverI18n } from "../../../i18n/server-i18n.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import { define, ids, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import { LocaleSchema } from "./input-schemas.ts";

const EmbedQuerySchema = z.object({
  mode: z
    .enum(EMBED_MODES)
    .default("inline")
    .meta({ description: "inline (in the page), popup (on click) or floating (a button)" }),
  label: z.string().trim().min(1).max(80).optional().meta({ description: "Button text and the dialog's name" }),
  lang: LocaleSchema.optional().meta({ description: "The widget's language; absent, the host page's <html lang>" }),
  theme: z.enum(THEMES).optional().meta({ description: "Absent: the business's own (its settings)" }),
  brand: z
    .string()
    .regex(BRAND_COLOUR_FORMAT, "expected a colour such as #0b5cad")
    .optional()
    .meta({ description: "Brand colour; darkened where needed so text in it stays readable" }),
});

const EmbedSnippetSchema = z
  .object({
    mode: z.enum(EMBED_MODES),
    html: z.string().meta({ description: "Paste into your page where the widget (or its button) belongs" }),
    scriptUrl: z.string(),
    pageUrl: z.string().meta({ description: "The widget on its own page (a plain link works too)" }),
  })
  .openapi("EmbedSnippet");

const getEmbedSnippet = define.route({
  method: "get",
  path: "/calendars/{calendarId}/embed",
  summary: "The snippet that embeds this calendar's widget in your own site (inline, pop-up or floating button)",
  request: { params: ids("calendarId"), query: EmbedQuerySchema },
  responses: { 200: json(EmbedSnippetSchema, "The snippet"), ...problems("VALIDATION_FAILED", "NOT_FOUND") },
});

export function embedRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, getEmbedSnippet, async (c) => {
    const { calendarId } = c.req.valid("param");
    const query = c.req.valid("query");
    const [calendar, business] = await Promise.all([c.var.repo.getCalendar(calendarId), c.var.repo.getBusiness()]);
    return reply.found(c, calendar, "calendar", (cal) => {
      const path = `/widget/booking/${cal.id}`;
      const label = query.label ?? serverI18n(query.lang ?? business?.locale ?? "en").t("embed.dialogLabel");
      const params = { ...(query.theme ? { theme: query.theme } : {}), ...(query.brand ? { brand: query.brand } : {}) };
      return {
        mode: query.mode,
        html: embedSnippet({ origin: deps.publicUrl, path, mode: query.mode, label, lang: query.lang, params }),
        scriptUrl: `${deps.publicUrl}/embed.js`,
        pageUrl: `${deps.publicUrl}${path}`,
      };
    });
  });
}
