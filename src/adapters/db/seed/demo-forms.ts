/**
 * The demo's contact form and branching survey (issue 15): the survey asks returning and new
 * visitors different questions and disqualifies anyone under 18 at once. Labels in English and
 * German; the other languages fall back to English, as a business's own texts do.
 */
import type { FormDefinition } from "../../../core/forms/definition.ts";

const t = (en: string, de: string) => ({ en, de });
const yesNo = [
  { value: "yes", label: t("Yes", "Ja") },
  { value: "no", label: t("No", "Nein") },
];

export const DEMO_CONTACT_FORM: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "contact",
      fields: [
        {
          id: "studio",
          type: "image",
          src: "/assets/demo/cover-studio.svg",
          label: t("The studio's bright treatment room", "Der helle Behandlungsraum des Studios"),
        },
        { id: "name", type: "text", label: t("Your name", "Ihr Name"), required: true },
        { id: "email", type: "email", label: t("Email", "E-Mail"), required: true },
        { id: "phone", type: "phone", label: t("Phone", "Telefon") },
        {
          id: "topic",
          type: "dropdown",
          label: t("Topic", "Thema"),
          required: true,
          options: [
            { value: "booking", label: t("A booking", "Eine Buchung") },
            { value: "treatments", label: t("Our treatments", "Unsere Behandlungen") },
            { value: "other", label: t("Something else", "Etwas anderes") },
          ],
        },
        {
          id: "voucher",
          type: "money",
          currency: "EUR",
          minMinor: 1000,
          maxMinor: 50000,
          label: t("Gift voucher amount", "Betrag des Geschenkgutscheins"),
          help: t("Only if you would like a voucher: from 10 to 500.", "Nur für einen Gutschein: von 10 bis 500."),
        },
        { id: "message", type: "textarea", label: t("Message", "Nachricht"), required: true, maxLength: 2000 },
        {
          id: "attachment",
          type: "file",
          label: t("A photo or document", "Ein Foto oder Dokument"),
          help: t(
            "If it helps us answer, for example a gift voucher.",
            "Falls es uns hilft, zum Beispiel ein Gutschein.",
          ),
        },
        {
          id: "reply",
          type: "radio",
          label: t("How should we reply?", "Wie sollen wir antworten?"),
          options: [
            { value: "email", label: t("By email", "Per E-Mail") },
            { value: "phone", label: t("By phone", "Telefonisch") },
          ],
        },
        {
          id: "consent",
          type: "consent",
          label: t(
            "I agree that Northwind Wellness Studio may store my message to answer it.",
            "Ich bin einverstanden, dass Northwind Wellness Studio meine Nachricht speichert, um sie zu beantworten.",
          ),
          required: true,
        },
        { id: "source", type: "hidden", label: t("Source", "Quelle"), param: "source" },
      ],
    },
  ],
  endings: [
    {
      id: "thanks",
      kind: "message",
      title: t("Thank you for your message", "Vielen Dank für Ihre Nachricht"),
      body: t("We usually answer within one working day.", "Wir antworten in der Regel innerhalb eines Werktags."),
    },
  ],
};

export const DEMO_SURVEY: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "about",
      title: t("About you", "Über Sie"),
      fields: [
        {
          id: "adult",
          type: "radio",
          label: t("Are you 18 or older?", "Sind Sie 18 oder älter?"),
          options: yesNo,
          required: true,
        },
        {
          id: "firstVisit",
          type: "radio",
          label: t("Is this your first visit?", "Ist das Ihr erster Besuch?"),
          options: yesNo,
          required: true,
        },
      ],
      rules: [
        {
          when: { combine: "and", conditions: [{ field: "adult", op: "equals", value: "no" }] },
          action: {
            type: "disqualify",
            timing: "immediately",
            message: t(
              "Our treatments are for adults only, so we cannot take this survey further.",
              "Unsere Behandlungen sind nur für Erwachsene, daher können wir diese Umfrage nicht fortsetzen.",
            ),
          },
        },
        {
          when: { combine: "and", conditions: [{ field: "firstVisit", op: "equals", value: "yes" }] },
          action: { type: "jump", to: "new" },
        },
      ],
    },
    {
      id: "returning",
      title: t("Your last visit", "Ihr letzter Besuch"),
      fields: [
        {
          id: "rating",
          type: "rating",
          label: t("How would you rate it?", "Wie bewerten Sie ihn?"),
          max: 5,
          required: true,
        },
        {
          id: "improve",
          type: "textarea",
          label: t("What could we do better?", "Was können wir besser machen?"),
          visibility: {
            mode: "show",
            when: { combine: "and", conditions: [{ field: "rating", op: "lessThan", value: 4 }] },
          },
        },
      ],
      fallback: "details",
    },
    {
      id: "new",
      title: t("Getting started", "Der Anfang"),
      fields: [
        {
          id: "interests",
          type: "checkboxes",
          label: t("What would you like to try?", "Was möchten Sie ausprobieren?"),
          required: true,
          options: [
            { value: "massage", label: t("Massage", "Massage") },
            { value: "yoga", label: t("Yoga", "Yoga") },
            { value: "physio", label: t("Physiotherapy", "Physiotherapie") },
          ],
        },
      ],
    },
    {
      id: "details",
      title: t("Stay in touch", "In Kontakt bleiben"),
      fields: [
        { id: "email", type: "email", label: t("Email", "E-Mail"), required: true },
        {
          id: "consent",
          type: "consent",
          label: t(
            "Northwind Wellness Studio may email me about my answers.",
            "Northwind Wellness Studio darf mir zu meinen Antworten schreiben.",
          ),
          required: true,
        },
      ],
    },
  ],
  endings: [
    {
      id: "thanks",
      kind: "message",
      title: t("Thank you for your answers", "Vielen Dank für Ihre Antworten"),
      body: t("They help us plan your next visit.", "Sie helfen uns, Ihren nächsten Besuch zu planen."),
    },
  ],
};

/**
 * The nutrition check-in's intake (issue 15): a form attached to that calendar, asked on its details
 * step instead of calendar questions. "Which foods?" shows only for someone with an intolerance.
 */
export const DEMO_INTAKE_FORM: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "intake",
      fields: [
        {
          id: "goal",
          type: "text",
          label: t("What would you like to work on?", "Woran möchten Sie arbeiten?"),
          required: true,
        },
        {
          id: "intolerance",
          type: "radio",
          label: t("Any food intolerance?", "Haben Sie eine Lebensmittelunverträglichkeit?"),
          required: true,
          options: yesNo,
        },
        {
          id: "foods",
          type: "textarea",
          label: t("Which foods?", "Welche Lebensmittel?"),
          required: true,
          visibility: {
            mode: "show",
            when: { combine: "and", conditions: [{ field: "intolerance", op: "equals", value: "yes" }] },
          },
        },
      ],
    },
  ],
  endings: [{ id: "thanks", kind: "message", title: t("Thank you", "Vielen Dank") }],
};
