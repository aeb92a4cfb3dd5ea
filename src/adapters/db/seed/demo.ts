/**
 * The demo business: a small wellness studio with staff in four time zones, a calendar of every
 * type, a group, a service menu, one-time links, a form, a survey and a content site — enough for
 * every route of the spec's table to resolve to a real page.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import type { CalendarSettings, CalendarType, WeeklyHours } from "../../../core/calendar/calendar.ts";
import { DEMO } from "./demo-ids.ts";

const weekdays = (intervals: { start: string; end: string }[], days: readonly (keyof WeeklyHours)[] = ["1", "2", "3", "4", "5"]): WeeklyHours =>
  Object.fromEntries(days.map((d) => [d, intervals]));

export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = {
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 120,
  bookingWindow: { kind: "rolling_days", days: 60 },
  maxBookingsPerDay: null,
  maxBookingsPerDayPerStaff: null,
  seatsPerSlot: null,
  autoConfirm: true,
  unconfirmedBlocks: true,
  allowReschedule: true,
  allowCancel: true,
  changeCutoffMinutes: 24 * 60,
  guestMode: "collect_detail",
  priceCents: 0,
  deposit: null,
  location: null,
  questions: [],
  roundRobinMode: "availability",
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.businesses);
  return Number(rows[0]?.n ?? 0) === 0;
}

/** Removes the demo business (cascading to everything it owns) and creates it again. */
export async function resetDemo(db: Db): Promise<void> {
  await db.delete(t.businesses).where(eq(t.businesses.id, DEMO.businessId));
  await seedDemo(db);
}

export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const businessId = DEMO.businessId;
    await tx.insert(t.businesses).values({
      id: businessId,
      slug: DEMO.businessSlug,
      name: "Northwind Wellness Studio",
      timeZone: "Europe/Berlin",
      locale: "en",
      currency: "EUR",
      hostnames: ["localhost", "127.0.0.1"],
    });

    await tx.insert(t.staff).values([
      {
        id: DEMO.staff.anna,
        businessId,
        name: "Anna Berg",
        email: "anna@northwind.example",
        timeZone: "Europe/Berlin",
        weeklyHours: weekdays([
          { start: "09:00", end: "12:00" },
          { start: "13:00", end: "17:00" },
        ]),
      },
      {
        id: DEMO.staff.marco,
        businessId,
        name: "Marco Rossi",
        email: "marco@northwind.example",
        timeZone: "America/New_York",
        weeklyHours: weekdays([{ start: "08:00", end: "16:00" }]),
      },
      {
        id: DEMO.staff.priya,
        businessId,
        name: "Priya Sharma",
        email: "priya@northwind.example",
        timeZone: "Asia/Kolkata",
        weeklyHours: weekdays(
          [
            { start: "09:00", end: "13:00" },
            { start: "14:00", end: "18:00" },
          ],
          ["1", "2", "3", "4", "5", "6"],
        ),
      },
      {
        id: DEMO.staff.liam,
        businessId,
        name: "Liam O'Connor",
        email: "liam@northwind.example",
        timeZone: "Europe/London",
        weeklyHours: weekdays([{ start: "10:00", end: "19:00" }], ["2", "3", "4", "5", "6"]),
      },
    ]);

    await tx.insert(t.services).values([
      { id: DEMO.services.haircut, businessId, slug: "haircut", name: "Haircut", category: "Hair", description: "Wash, cut and style.", durationMinutes: 30, priceCents: 3500, maxGuestsPerSlot: 2 },
      { id: DEMO.services.colour, businessId, slug: "colour", name: "Colour", category: "Hair", description: "Full colour with gloss.", durationMinutes: 90, priceCents: 12000, deposit: { kind: "percentage", percent: 30 }, maxGuestsPerSlot: 1 },
      { id: DEMO.services.massage, businessId, slug: "massage", name: "Relaxing massage", category: "Body", description: "60 minutes of full-body massage.", durationMinutes: 60, priceCents: 7000, maxGuestsPerSlot: 2 },
      { id: DEMO.services.manicure, businessId, slug: "manicure", name: "Manicure", category: "Hands", description: "Shape, cuticle care and polish.", durationMinutes: 45, priceCents: 4000, maxGuestsPerSlot: 3 },
    ]);
    await tx.insert(t.serviceStaff).values([
      { serviceId: DEMO.services.haircut, staffId: DEMO.staff.anna },
      { serviceId: DEMO.services.haircut, staffId: DEMO.staff.liam },
      { serviceId: DEMO.services.colour, staffId: DEMO.staff.liam },
      { serviceId: DEMO.services.massage, staffId: DEMO.staff.anna },
      { serviceId: DEMO.services.manicure, staffId: DEMO.staff.liam },
      { serviceId: DEMO.services.manicure, staffId: DEMO.staff.anna },
    ]);

    await tx.insert(t.groups).values({
      id: DEMO.groupId,
      businessId,
      slug: DEMO.groupSlug,
      name: "Our team",
      description: "Meet the Northwind team: pick the kind of appointment that suits you.",
    });

    const calendar = (
      idValue: string,
      slug: string,
      type: CalendarType,
      name: string,
      description: string,
      settings: Partial<CalendarSettings>,
      position: number,
      inGroup = true,
    ) => ({
      id: idValue,
      businessId,
      groupId: inGroup ? DEMO.groupId : null,
      slug,
      type,
      name,
      description,
      position,
      settings: { ...DEFAULT_CALENDAR_SETTINGS, ...settings },
    });

    await tx.insert(t.calendars).values([
      calendar(DEMO.calendars.introCall, "intro-call", "personal", "Intro call with Anna", "A free 30-minute video call to talk about your goals.", { location: { kind: "video", value: "Video call link sent by email" } }, 0),
      calendar(DEMO.calendars.salesDemo, "studio-tour", "round_robin", "Studio tour", "A guided tour of the studio with the first available team member.", { durationMinutes: 45, slotIntervalMinutes: 15, bufferAfterMinutes: 15, location: { kind: "physical", value: "Hafenstraße 12, 20457 Hamburg" } }, 1),
      calendar(DEMO.calendars.workshop, "planning-workshop", "collective", "Planning workshop", "A 60-minute session with Anna and Marco together.", { durationMinutes: 60, slotIntervalMinutes: 60, guestMode: "count_only" }, 2),
      calendar(DEMO.calendars.yoga, "morning-yoga", "class", "Online yoga class", "Gentle yoga with Priya. Twelve places per class.", { durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 12, guestMode: "none", priceCents: 1500 }, 3),
      calendar(DEMO.calendars.salon, "salon", "service", "Salon appointments", "Book one or more salon services, for yourself and your guests.", { slotIntervalMinutes: 15, guestMode: "collect_detail" }, 4, false),
      calendar(DEMO.calendars.consultation, "treatment-consultation", "personal", "Treatment consultation (on request)", "Ask for a consultation; we confirm your request by phone.", { durationMinutes: 45, autoConfirm: false }, 5),
    ]);

    await tx.insert(t.calendarMembers).values([
      { calendarId: DEMO.calendars.introCall, staffId: DEMO.staff.anna, isPrimary: true },
      { calendarId: DEMO.calendars.salesDemo, staffId: DEMO.staff.anna, priority: 2 },
      { calendarId: DEMO.calendars.salesDemo, staffId: DEMO.staff.marco, priority: 1 },
      { calendarId: DEMO.calendars.salesDemo, staffId: DEMO.staff.liam, priority: 1 },
      { calendarId: DEMO.calendars.workshop, staffId: DEMO.staff.anna, isPrimary: true },
      { calendarId: DEMO.calendars.workshop, staffId: DEMO.staff.marco },
      { calendarId: DEMO.calendars.yoga, staffId: DEMO.staff.priya, isPrimary: true },
      { calendarId: DEMO.calendars.salon, staffId: DEMO.staff.anna },
      { calendarId: DEMO.calendars.salon, staffId: DEMO.staff.liam },
      { calendarId: DEMO.calendars.consultation, staffId: DEMO.staff.liam, isPrimary: true },
    ]);
    await tx.insert(t.calendarServices).values(
      Object.values(DEMO.services).map((serviceId, position) => ({ calendarId: DEMO.calendars.salon, serviceId, position })),
    );

    await tx.insert(t.serviceMenus).values({
      id: DEMO.serviceMenuId,
      businessId,
      calendarId: DEMO.calendars.salon,
      slug: DEMO.serviceMenuSlug,
      name: "Salon menu",
      description: "Hair, body and hands — choose one or several services.",
    });
    await tx.insert(t.serviceMenuItems).values(
      Object.values(DEMO.services).map((serviceId, position) => ({ serviceMenuId: DEMO.serviceMenuId, serviceId, position })),
    );

    await tx.insert(t.oneTimeLinks).values([
      { businessId, calendarId: DEMO.calendars.introCall, slug: DEMO.oneTimeLinkSlug },
      { businessId, calendarId: DEMO.calendars.introCall, slug: DEMO.usedOneTimeLinkSlug, usedAt: new Date("2026-01-05T10:00:00Z") },
    ]);

    await tx.insert(t.forms).values([
      { id: DEMO.formId, businessId, kind: "form", name: "Contact us", definition: { fields: [] } },
      { id: DEMO.surveyId, businessId, kind: "survey", name: "How was your visit?", definition: { slides: [] } },
    ]);

    await seedContent(tx as unknown as Db, businessId);
  });
}

async function seedContent(db: Db, businessId: string): Promise<void> {
  await db.insert(t.contentPages).values([
    { businessId, path: "journal", title: "The Northwind Journal", description: "Notes on rest, movement and care.", hasBlog: true },
    { businessId, path: "shop", title: "Shop", description: "Care products we use in the studio.", hasStore: true },
  ]);
  const [author] = await db.insert(t.blogAuthors).values({ businessId, slug: "anna-berg", name: "Anna Berg" }).returning();
  const categories = await db
    .insert(t.blogCategories)
    .values([
      { businessId, slug: "wellbeing", label: "Wellbeing" },
      { businessId, slug: "studio-news", label: "Studio news" },
    ])
    .returning();
  await db.insert(t.blogPosts).values([
    {
      id: DEMO.postPreviewId,
      businessId,
      slug: "five-minute-breathing",
      title: "A five-minute breathing routine",
      description: "A short routine to reset between meetings.",
      bodyHtml: "<p>Sit comfortably, breathe in for four counts and out for six.</p>",
      authorId: author!.id,
      categoryIds: [categories[0]!.id],
      tags: ["breathing", "routine"],
      status: "published",
      publishedAt: new Date("2026-09-01T08:00:00Z"),
    },
    {
      businessId,
      slug: "new-evening-classes",
      title: "New evening classes",
      description: "Yoga after work, from October.",
      bodyHtml: "<p>From October we add two evening classes.</p>",
      authorId: author!.id,
      categoryIds: [categories[1]!.id],
      tags: ["classes"],
      status: "published",
      publishedAt: new Date("2026-09-20T08:00:00Z"),
    },
    {
      businessId,
      slug: "winter-draft",
      title: "Winter opening hours (draft)",
      description: "Not published yet.",
      authorId: author!.id,
      tags: ["news"],
      status: "draft",
    },
  ]);
  await db.insert(t.products).values({
    id: DEMO.productId,
    businessId,
    name: "Lavender massage oil",
    description: "Cold-pressed almond oil with lavender, 100 ml.",
    priceCents: 1900,
    currency: "EUR",
  });
  const [collection] = await db
    .insert(t.collections)
    .values({ businessId, slug: "aftercare", name: "Aftercare", description: "Take the studio home." })
    .returning();
  await db.insert(t.productCollections).values({ productId: DEMO.productId, collectionId: collection!.id });
}
