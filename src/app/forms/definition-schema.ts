/**
 * The shape of a form or survey definition, validated with zod where it enters (the business API)
 * and where a stored one is read back for a visitor. It mirrors src/core/forms/definition.ts; the
 * rules beyond the shape (ids, jumps, cycles, dead ends) are `checkDefinition`'s.
 */
import { z } from "zod";
import { LOCALE_CODES } from "../../i18n/locales.ts";
import { FILE_KINDS, FORMAT_VERSION, type FormDefinition } from "../../core/forms/definition.ts";
import { MAX_FILE_BYTES } from "../../core/forms/uploads.ts";

const MAX_TEXT = 5000;
/** The largest amount a money field takes, in minor units (the booking columns' own limit). */
const MAX_MINOR = 2_000_000_000;

function isKnownCurrency(code: string): boolean {
  return (Intl.supportedValuesOf?.("currency") ?? []).includes(code);
}
const Id = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "expected a letter, then letters, digits, _ or - (at most 64)");

export const LocalizedTextSchema = z
  .partialRecord(z.enum(LOCALE_CODES as unknown as [string, ...string[]]), z.string().max(MAX_TEXT))
  .refine(
    (t) => Object.values(t).some((v) => v !== undefined && v.trim() !== ""),
    "give the text in at least one language",
  )
  .meta({
    description:
      'Text per locale code, e.g. {"en": "Your name", "de": "Ihr Name"}; missing languages fall back to English',
  });

const ConditionSchema = z.strictObject({
  field: Id,
  op: z.enum([
    "equals",
    "notEquals",
    "contains",
    "isEmpty",
    "isNotEmpty",
    "greaterThan",
    "lessThan",
    "before",
    "after",
    "oneOf",
  ]),
  value: z.union([z.string().max(500), z.number(), z.array(z.string().max(500)).max(100)]).optional(),
});

const ConditionGroupSchema = z.strictObject({
  combine: z.enum(["and", "or"]),
  conditions: z.array(ConditionSchema).max(20),
});

const base = {
  id: Id,
  label: LocalizedTextSchema,
  help: LocalizedTextSchema.optional(),
  required: z.boolean().optional(),
  visibility: z.strictObject({ mode: z.enum(["show", "hide"]), when: ConditionGroupSchema }).optional(),
};
const OptionSchema = z.strictObject({ value: z.string().min(1).max(200), label: LocalizedTextSchema });

const FieldSchema = z.discriminatedUnion("type", [
  z.strictObject({ ...base, type: z.enum(["text", "textarea"]), maxLength: z.int().min(1).max(MAX_TEXT).optional() }),
  z.strictObject({ ...base, type: z.enum(["email", "phone", "date", "consent", "static"]) }),
  z.strictObject({ ...base, type: z.literal("number"), min: z.number().optional(), max: z.number().optional() }),
  z.strictObject({
    ...base,
    type: z.enum(["radio", "dropdown", "checkboxes"]),
    options: z.array(OptionSchema).min(1).max(100),
  }),
  z.strictObject({
    ...base,
    type: z.literal("hidden"),
    label: LocalizedTextSchema.optional().default({ en: "hidden" }),
    param: Id.optional(),
  }),
  z.strictObject({ ...base, type: z.literal("rating"), max: z.int().min(3).max(10) }),
  z.strictObject({
    ...base,
    type: z.literal("money"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "expected an ISO 4217 currency code such as EUR")
      .refine(isKnownCurrency, "expected an ISO 4217 currency code such as EUR"),
    minMinor: z.int().min(0).max(MAX_MINOR).optional(),
    maxMinor: z.int().min(0).max(MAX_MINOR).optional(),
  }),
  z.strictObject({
    ...base,
    type: z.literal("file"),
    accept: z
      .array(z.enum(FILE_KINDS))
      .min(1)
      .max(FILE_KINDS.length)
      .optional()
      .meta({ description: "Kinds of file taken, recognised by content (default: all of them)" }),
    maxBytes: z
      .int()
      .min(1024)
      .max(MAX_FILE_BYTES)
      .optional()
      .meta({ description: `Largest file in bytes (default 5 MiB, at most ${MAX_FILE_BYTES})` }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("image"),
    label: LocalizedTextSchema.meta({ description: "The image's text alternative (what it shows)" }),
    src: z
      .string()
      .max(2000)
      .refine(
        (src) => /^https:\/\/[^\s]+$/.test(src) || /^\/(?!\/)[^\s]*$/.test(src),
        "expected an https URL or a path of this site",
      ),
  }),
]);

const ActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("jump"), to: Id }),
  z.strictObject({
    type: z.literal("disqualify"),
    timing: z.enum(["immediately", "afterSubmit"]),
    message: LocalizedTextSchema,
  }),
]);

const SlideSchema = z.strictObject({
  id: Id,
  title: LocalizedTextSchema.optional(),
  fields: z.array(FieldSchema).max(100),
  rules: z
    .array(z.strictObject({ when: ConditionGroupSchema, action: ActionSchema }))
    .max(50)
    .optional(),
  fallback: Id.optional(),
});

const EndingSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    id: Id,
    kind: z.literal("message"),
    title: LocalizedTextSchema,
    body: LocalizedTextSchema.optional(),
  }),
  z.strictObject({
    id: Id,
    kind: z.literal("redirect"),
    url: z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }).max(2000),
  }),
]);

export const FormDefinitionSchema = z.strictObject({
  formatVersion: z.literal(FORMAT_VERSION).default(FORMAT_VERSION),
  slides: z.array(SlideSchema).min(1).max(50),
  endings: z.array(EndingSchema).min(1).max(20),
}) satisfies z.ZodType<FormDefinition, unknown>;

/** A stored definition read back, or null when it predates this format (an empty `{}` of old rows). */
export function readDefinition(stored: unknown): FormDefinition | null {
  const parsed = FormDefinitionSchema.safeParse(stored);
  return parsed.success ? (parsed.data as FormDefinition) : null;
}
