/**
 * The demo business: a small wellness studio with staff in four time zones, a calendar of every
 * type, a group, a service menu, one-time links, a form, a survey and a content site — enough for
 * every route of the spec's table to resolve to a real page. (Data, not logic: its length is the demo's size.)
 */
import { eq, sql } from "drizzle-orm";
import { issueApiKey } from "../../../app/business/api-keys.ts";
import { createBusiness } from "../../../app/business/create-business.ts";
import { createCalendar, type CalendarCreate } from "../../../app/business/configure-calendar.ts";
import type { BusinessRepository, Result } from "../../../app/business/ports.ts";
import type { CalendarSettings, CalendarType, WeeklyHours } from "../../../core/calendar/calendar.ts";
import { createBusinessDirectory } from "../business-repository.ts";
import type { Db } from "../client.ts";
import { createFormStore } from "../forms/form-store.ts";
import { DEMO_CONTACT_FORM, DEMO_INTAKE_FORM, DEMO_SURVEY } from "./demo-forms.ts";
import * as t from "../schema.ts";
import { demoPosts } from "./demo-blog.ts";
import { demoPictures, type DemoPicture } from "./demo-images.ts";
import { imageStore } from "../images/image-store.ts";
import type { ProcessedImage } from "../../images/process-image.ts";
import { imagePath } from "../../../core/content/images.ts";
import { DEMO } from "./demo-ids.ts";
import { consoleStore } from "../console/console-store.ts";
import { argon2Passwords } from "../../passwords/argon2.ts";
import { createLogin } from "../../../app/console/accounts.ts";
import { hashSecretToken } from "../../../app/shared/secret-token.ts";

export { DEFAULT_CALENDAR_SETTINGS } from "../../../core/calendar/calendar-setup.ts";

const weekdays = (
  intervals: { start: string; end: string }[],
  days: readonly (keyof WeeklyHours)[] = ["1", "2", "3", "4", "5"],
): WeeklyHours => Object.fromEntries(days.map((d) => [d, intervals]));

/** The seed goes through the business use cases: a refusal here is a bug in the demo data. */
function must<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`demo seed: ${what} refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.businesses);
  return Number(rows[0]?.n ?? 0) === 0;
}

/**
 * The demo, chosen by configuration (SEED_DEMO) in the composition root: on an empty database, seeds
 * the demo business and issues its first API key, which the caller shows once — without one nobody
 * could see or confirm the demo's bookings (issue 23). Null when the database already had data.
 */
export async function seedDemoOnFirstStart(db: Db): Promise<{ slug: string; key: string } | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  await seedDemo(db);
  const { key } = await issueApiKey(createBusinessDirectory(db).forBusiness(DEMO.businessId), "Demo key (first start)");
  return { slug: DEMO.businessSlug, key };
}

/** Removes the demo business (cascading to everything it owns) and creates it again. */
export async function resetDemo(db: Db): Promise<void> {
  await db.delete(t.businesses).where(eq(t.businesses.id, DEMO.businessId));
  await seedDemo(db);
}

/**
 * Creates the demo business through the same use cases and repository as the business API
 * (issue 5), so every start exercises them; only forms, content and the used one-time link, which
 * the business API does not manage, are written directly.
 */
export async function seedDemo(db: Db): Promise<void> {
  const pictures = await demoPictures();
  await db.transaction(async (tx) => {
    const businessId = DEMO.businessId;
    const directory = createBusinessDirectory(tx as unknown as Db);
    must(
      await createBusiness(
        directory,
        {
          slug: DEMO.businessSlug,
          name: "Northwind Wellness Studio",
          timeZone: "Europe/Berlin",
          locale: "en",
          currency: "EUR",
          hostnames: ["localhost", "127.0.0.1"],
        },
        { id: businessId },
      ),
      "business",
    );
    const repo = directory.forBusiness(businessId);
    await seedScheduling(repo);

    await tx.insert(t.oneTimeLinks).values({
      businessId,
      calendarId: DEMO.calendars.introCall,
      slugHash: hashSecretToken(DEMO.usedOneTimeLinkSlug),
      usedAt: new Date("2026-01-05T10:00:00Z"),
    });
    // A spring discount for the salon's cut (issue 24): 10 % off, entered on the details step.
    await tx.insert(t.coupons).values({
      businessId,
      code: DEMO.couponCode,
      value: { kind: "percentage", percent: 10 },
      serviceIds: [DEMO.services.cutByLength],
    });
    const forms = createFormStore(tx as unknown as Db, businessId);
    await forms.createForm({ kind: "form", name: "Contact us", definition: DEMO_CONTACT_FORM }, { id: DEMO.formId });
    await forms.createForm(
      { kind: "survey", name: "How was your visit?", definition: DEMO_SURVEY },
      { id: DEMO.surveyId },
    );
    await forms.createForm(
      { kind: "form", name: "Nutrition intake", definition: DEMO_INTAKE_FORM },
      { id: DEMO.intakeFormId },
    );
    await tx.update(t.calendars).set({ formId: DEMO.intakeFormId }).where(eq(t.calendars.id, DEMO.calendars.checkIn));

    await seedContent(tx as unknown as Db, businessId, pictures);
    await seedLogins(tx as unknown as Db, businessId);
  });
}

/** The owner's and Anna's console logins, through the same use case as business:create. */
async function seedLogins(db: Db, businessId: string): Promise<void> {
  // Nothing is emailed while seeding, so there is no link to seal.
  const deps = { store: consoleStore(db, (link) => link), passwords: argon2Passwords };
  const { owner, staff } = DEMO.logins;
  const created = await Promise.all([
    createLogin(deps, { businessId, role: "owner", ...owner }),
    createLogin(deps, { businessId, role: "staff", staffId: DEMO.staff.anna, ...staff }),
  ]);
  for (const login of created) if (!login.ok) throw new Error(`demo seed: console login refused (${login.error})`);
}

async function seedScheduling(repo: BusinessRepository): Promise<void> {
  const staff = [
    {
      id: DEMO.staff.anna,
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
      name: "Marco Rossi",
      email: "marco@northwind.example",
      timeZone: "America/New_York",
      weeklyHours: weekdays([{ start: "08:00", end: "16:00" }]),
    },
    {
      id: DEMO.staff.priya,
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
      name: "Liam O'Connor",
      email: "liam@northwind.example",
      timeZone: "Europe/London",
      weeklyHours: weekdays([{ start: "10:00", end: "19:00" }], ["2", "3", "4", "5", "6"]),
      // His own chair in the Altona branch (ADR 0044): wherever he is assigned, the visit is there.
      location: { kind: "physical" as const, value: DEMO.liamAddress },
    },
  ];
  for (const { id, ...input } of staff) await repo.createStaff(input, { id });

  const services = [
    {
      id: DEMO.services.haircut,
      slug: "haircut",
      name: "Haircut",
      category: "Hair",
      description: "Wash, cut and style.",
      durationMinutes: 30,
      priceCents: 3500,
      maxGuestsPerSlot: 2,
      staffIds: [DEMO.staff.anna, DEMO.staff.liam],
    },
    {
      id: DEMO.services.colour,
      slug: "colour",
      name: "Colour",
      category: "Hair",
      description: "Full colour with gloss.",
      durationMinutes: 90,
      priceCents: 12000,
      deposit: { kind: "percentage" as const, percent: 30 },
      maxGuestsPerSlot: 1,
      staffIds: [DEMO.staff.liam],
    },
    {
      id: DEMO.services.massage,
      slug: "massage",
      name: "Relaxing massage",
      category: "Body",
      description: "60 minutes of full-body massage.",
      durationMinutes: 60,
      priceCents: 7000,
      maxGuestsPerSlot: 2,
      // A service's own location (ADR 0044): the spa rooms, whoever performs it.
      location: { kind: "physical" as const, value: DEMO.spaAddress },
      staffIds: [DEMO.staff.anna],
    },
    {
      id: DEMO.services.manicure,
      slug: "manicure",
      name: "Manicure",
      category: "Hands",
      description: "Shape, cuticle care and polish.",
      durationMinutes: 45,
      priceCents: 4000,
      maxGuestsPerSlot: 3,
      staffIds: [DEMO.staff.liam, DEMO.staff.anna],
    },
    {
      // Private (issue 24): on the salon's calendar and menu, listed on neither; its link books it.
      id: DEMO.services.bridal,
      slug: DEMO.privateServiceSlug,
      name: "Bridal styling",
      category: "Hair",
      description: "Trial and styling for your wedding day — by invitation.",
      durationMinutes: 90,
      priceCents: 15000,
      maxGuestsPerSlot: 1,
      staffIds: [DEMO.staff.anna],
      isPrivate: true,
    },
  ];
  for (const { id, ...input } of services) must(await repo.createService(input, { id }), `service ${input.slug}`);
  // Resources (issue 21): two treatment rooms; a massage or a colour takes whichever is free, so
  // at most two of them run at once whoever is free to perform them.
  for (const [id, name] of [
    [DEMO.resources.room1, "Room 1"],
    [DEMO.resources.room2, "Room 2"],
  ] as const)
    await repo.createResource({ name, kind: "room", capacity: 1, timeZone: "Europe/Berlin" }, { id });
  for (const serviceId of [DEMO.services.massage, DEMO.services.colour])
    must(
      await repo.setServiceResources(serviceId, [
        { mode: "any", resourceIds: [DEMO.resources.room1, DEMO.resources.room2] },
      ]),
      "treatment rooms",
    );
  // Services in depth (issue 24): a cut priced by hair length (long hair with a 20 % deposit), an
  // extra that lengthens it, and Anna — the senior stylist — charging more for long hair and taking
  // her time over it (75 minutes instead of 60: "any available" plans her at her own length, ADR 0051).
  const cut = must(
    await repo.createService(
      {
        slug: "cut-and-blow-dry",
        name: "Cut & blow-dry",
        category: "Hair",
        description: "Priced by hair length; add a deep conditioning treatment if you like.",
        durationMinutes: 30,
        priceCents: 3500,
        maxGuestsPerSlot: 2,
        staffIds: [DEMO.staff.anna, DEMO.staff.liam],
        variations: [
          { name: "Short hair", durationMinutes: 30, priceMinor: 3500 },
          // A long cut holds a stylist the longest: 20 % of it is asked as a deposit, paid at the salon
          // (the calendar takes no online payment), on the price after any coupon.
          {
            name: "Long hair",
            durationMinutes: 60,
            priceMinor: 5500,
            bufferAfterMinutes: 15,
            deposit: { kind: "percentage", percent: 20 },
          },
        ],
        addOns: [{ name: "Deep conditioning", durationMinutes: 15, priceMinor: 1500, maxQuantity: 2 }],
      },
      { id: DEMO.services.cutByLength },
    ),
    "service cut-and-blow-dry",
  );
  const longHair = cut.variations.find((v) => v.name === "Long hair")!;
  must(
    await repo.updateService(cut.id, {
      staffTerms: [{ staffId: DEMO.staff.anna, variationId: longHair.id, durationMinutes: 75, priceMinor: 6500 }],
    }),
    "Anna's price and time for long hair",
  );

  must(
    await repo.createGroup(
      {
        slug: DEMO.groupSlug,
        name: "Our team",
        description: "Meet the Northwind team: pick the kind of appointment that suits you.",
      },
      { id: DEMO.groupId },
    ),
    "group",
  );

  const member = (staffId: string, priority: 0 | 0.5 | 1 = 0.5, isPrimary = false) => ({
    staffId,
    priority,
    isPrimary,
  });
  const calendar = (
    id: string,
    slug: string,
    type: CalendarType,
    name: string,
    description: string,
    settings: Partial<CalendarSettings>,
    position: number,
    team: Pick<CalendarCreate, "members" | "serviceIds">,
    inGroup = true,
  ) => ({
    id,
    input: {
      slug,
      type,
      name,
      description,
      settings,
      position,
      groupId: inGroup ? DEMO.groupId : null,
      ...team,
    } satisfies CalendarCreate,
  });

  const privately = (c: ReturnType<typeof calendar>) => ({ ...c, input: { ...c.input, isPrivate: true } });
  const calendars = [
    calendar(
      DEMO.calendars.introCall,
      "intro-call",
      "personal",
      "Intro call with Anna",
      "A free 30-minute video call to talk about your goals.",
      {
        location: { kind: "video", value: "https://meet.northwind.example/anna" },
        reminders: { beforeMinutes: [24 * 60, 60], followUpAfterMinutes: null },
        // Issue 17: a visitor can make it a weekly or monthly series; a taken week becomes a request.
        recurring: { frequencies: ["weekly", "monthly"], maxCount: 8, policy: "continue" },
      },
      0,
      { members: [member(DEMO.staff.anna)] },
    ),
    calendar(
      DEMO.calendars.salesDemo,
      "studio-tour",
      "round_robin",
      "Studio tour",
      "A guided tour of the studio with the first available team member.",
      {
        durationMinutes: 45,
        slotIntervalMinutes: 15,
        bufferAfterMinutes: 15,
        location: { kind: "physical", value: "Hafenstraße 12, 20457 Hamburg" },
      },
      1,
      {
        members: [member(DEMO.staff.anna, 1), member(DEMO.staff.marco), member(DEMO.staff.liam)],
      },
    ),
    calendar(
      DEMO.calendars.workshop,
      "planning-workshop",
      "collective",
      "Planning workshop",
      "A 60-minute session with Anna and Marco together.",
      { durationMinutes: 60, slotIntervalMinutes: 60, guestMode: "count_only" },
      2,
      {
        members: [member(DEMO.staff.anna, 0.5, true), member(DEMO.staff.marco)],
      },
    ),
    calendar(
      DEMO.calendars.yoga,
      "morning-yoga",
      "class",
      "Online yoga class",
      "Gentle yoga with Priya. Twelve places per class.",
      { durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 12, guestMode: "none", priceCents: 1500 },
      3,
      { members: [member(DEMO.staff.priya)] },
    ),
    calendar(
      DEMO.calendars.salon,
      "salon",
      "service",
      "Salon appointments",
      "Book one or more salon services, for yourself and your guests.",
      { slotIntervalMinutes: 15, guestMode: "collect_detail" },
      4,
      {
        members: [member(DEMO.staff.anna), member(DEMO.staff.liam)],
        serviceIds: Object.values(DEMO.services),
      },
      false,
    ),
    calendar(
      DEMO.calendars.consultation,
      "treatment-consultation",
      "personal",
      "Treatment consultation (on request)",
      "Ask for a consultation; we confirm your request by phone if you leave a number, otherwise by email.",
      {
        durationMinutes: 45,
        autoConfirm: false,
        // Every kind of question a calendar can ask.
        questions: [
          {
            id: "concern",
            label: "What would you like help with?",
            kind: "select",
            required: true,
            options: ["Back pain", "Sports injury", "Posture", "Something else"],
          },
          { id: "history", label: "Anything we should know before your visit?", kind: "textarea", required: false },
          { id: "referral", label: "How did you hear about us?", kind: "text", required: false },
          {
            id: "days",
            label: "Which days suit you for follow-ups?",
            kind: "checkbox",
            required: false,
            options: ["Monday", "Wednesday", "Friday"],
          },
        ],
      },
      5,
      { members: [member(DEMO.staff.liam)] },
    ),
    calendar(
      DEMO.calendars.massage,
      "massage",
      "personal",
      "Sports massage (paid online)",
      "A 60-minute sports massage with Anna, paid in full when you book.",
      {
        durationMinutes: 60,
        slotIntervalMinutes: 30,
        priceCents: 8000,
        payment: "full",
        // A follow-up two hours after the massage: how did it go, come again.
        reminders: { beforeMinutes: [24 * 60, 60], followUpAfterMinutes: 120 },
      },
      6,
      { members: [member(DEMO.staff.anna)] },
      false,
    ),
    calendar(
      DEMO.calendars.assessment,
      "physio-assessment",
      "personal",
      "Physio assessment (deposit online)",
      "A 90-minute assessment with Marco: pay a 25 % deposit now, the rest at the studio.",
      {
        durationMinutes: 90,
        slotIntervalMinutes: 30,
        priceCents: 12000,
        deposit: { kind: "percentage", percent: 25 },
        payment: "deposit",
        // Changes online until an hour before; cancelled 48 hours ahead, everything comes back.
        changeCutoffMinutes: 60,
        fullRefundHoursBefore: 48,
      },
      7,
      { members: [member(DEMO.staff.marco)] },
      false,
    ),
    calendar(
      DEMO.calendars.coaching,
      "coaching-plan",
      "personal",
      "Coaching plan (on request, paid when confirmed)",
      "Ask for a 45-minute coaching session with Liam: the price is held on your card and taken only when we confirm.",
      { durationMinutes: 45, slotIntervalMinutes: 15, autoConfirm: false, priceCents: 4500, payment: "full" },
      8,
      { members: [member(DEMO.staff.liam)] },
      false,
    ),
    calendar(
      DEMO.calendars.checkIn,
      "nutrition-check-in",
      "personal",
      "Nutrition check-in",
      "A 30-minute check-in with Marco about what you eat and how you train.",
      // Look Busy: two in five free starts of each day stay hidden (never a day's last one).
      { durationMinutes: 30, slotIntervalMinutes: 30, lookBusyPercent: 40 },
      9,
      { members: [member(DEMO.staff.marco)] },
      false,
    ),
    calendar(
      DEMO.calendars.partnerMassage,
      "partner-massage",
      "personal",
      "Partner massage (for two)",
      "A 60-minute massage for two, side by side: add the person coming with you.",
      { durationMinutes: 60, slotIntervalMinutes: 60, guestMode: "collect_detail", requireGuests: true },
      10,
      { members: [member(DEMO.staff.anna)] },
      false,
    ),
    // Private (issue 24): in the team's group, yet on neither the group page nor the index; its link books it.
    privately(
      calendar(
        DEMO.calendars.privateSession,
        "private-session",
        "personal",
        "Private session with Priya",
        "A one-to-one yoga session for members, by invitation.",
        { durationMinutes: 60, slotIntervalMinutes: 60, priceCents: 6000 },
        11,
        { members: [member(DEMO.staff.priya)] },
      ),
    ),
  ];
  for (const { id, input } of calendars) must(await createCalendar(repo, input, { id }), `calendar ${input.slug}`);

  must(
    await repo.createServiceMenu(
      {
        slug: DEMO.serviceMenuSlug,
        name: "Salon menu",
        description: "Hair, body and hands — choose one or several services.",
        calendarId: DEMO.calendars.salon,
        serviceIds: Object.values(DEMO.services),
      },
      { id: DEMO.serviceMenuId },
    ),
    "service menu",
  );
  // A fixed slug for README's demo URL; real links get random ones (createOneTimeLink).
  must(
    await repo.createOneTimeLink(
      { calendarId: DEMO.calendars.introCall, slugHash: hashSecretToken(DEMO.oneTimeLinkSlug), expiresAt: null },
      new Date(0),
    ),
    "one-time link",
  );
}

/**
 * The shop: a massage oil in three sizes — one on sale (compare-at price), one nearly gone, one sold
 * out — and a candle without options or tracked stock, both in the Aftercare collection.
 */
async function seedShop(db: Db, businessId: string, picture: Record<DemoPicture, string>): Promise<void> {
  const [oil, candle] = await db
    .insert(t.products)
    .values([
      {
        id: DEMO.productId,
        businessId,
        slug: "lavender-massage-oil",
        name: "Lavender massage oil",
        description:
          "<p>Cold-pressed almond oil with lavender from Provence, the oil we use in every massage.</p>" +
          "<ul><li>No added fragrance</li><li>Glass bottle, refillable in the studio</li></ul>",
        status: "active",
        currency: "EUR",
        options: [{ name: "Size", values: ["50 ml", "100 ml", "250 ml"] }],
        media: [
          { url: picture["product-oil"], alt: "A violet bottle of lavender massage oil" },
          { url: picture["product-oil-detail"], alt: "A sprig of lavender" },
        ],
        outOfStock: "deny",
      },
      {
        businessId,
        slug: "evening-candle",
        name: "Evening candle",
        description: "<p>Soy wax with cedar and bergamot; burns for about 40 hours.</p>",
        status: "active",
        currency: "EUR",
        media: [{ url: picture["product-candle"], alt: "A lit candle in an amber jar" }],
        outOfStock: "deny",
      },
    ])
    .returning({ id: t.products.id });
  await db.insert(t.productVariants).values([
    {
      businessId,
      productId: oil!.id,
      position: 0,
      options: ["50 ml"],
      priceMinor: 1200,
      stockQuantity: 14,
      sku: "OIL-LAV-50",
    },
    {
      businessId,
      productId: oil!.id,
      position: 1,
      options: ["100 ml"],
      priceMinor: 1900,
      compareAtMinor: 2400,
      stockQuantity: 3,
      sku: "OIL-LAV-100",
    },
    {
      businessId,
      productId: oil!.id,
      position: 2,
      options: ["250 ml"],
      priceMinor: 3900,
      stockQuantity: 0,
      sku: "OIL-LAV-250",
    },
    { businessId, productId: candle!.id, position: 0, options: [], priceMinor: 1600, sku: "CANDLE-EVE" },
  ]);
  const [collection] = await db
    .insert(t.collections)
    .values({ businessId, slug: "aftercare", name: "Aftercare", description: "Take the studio home." })
    .returning();
  await db.insert(t.productCollections).values([
    { businessId, productId: oil!.id, collectionId: collection!.id, position: 0 },
    { businessId, productId: candle!.id, collectionId: collection!.id, position: 1 },
  ]);
}

async function seedContent(db: Db, businessId: string, pictures: Record<DemoPicture, ProcessedImage>): Promise<void> {
  // Stored as the business API stores uploads; posts and products name them by `/images/<id>`.
  const images = imageStore(db, businessId);
  const picture = {} as Record<DemoPicture, string>;
  for (const [name, image] of Object.entries(pictures) as [DemoPicture, ProcessedImage][])
    picture[name] = imagePath((await images.save(image)).id);
  await db.insert(t.contentPages).values([
    {
      businessId,
      path: "journal",
      title: "The Northwind Journal",
      description: "Notes on rest, movement and care.",
      hasBlog: true,
    },
    { businessId, path: "shop", title: "Shop", description: "Care products we use in the studio.", hasStore: true },
  ]);
  const [author] = await db
    .insert(t.blogAuthors)
    .values({ businessId, slug: "anna-berg", name: "Anna Berg" })
    .returning();
  const categories = await db
    .insert(t.blogCategories)
    .values([
      { businessId, slug: "wellbeing", label: "Wellbeing" },
      { businessId, slug: "studio-news", label: "Studio news" },
    ])
    .returning();
  // The first post keeps the fixed id of README's preview URL.
  await db.insert(t.blogPosts).values(
    demoPosts(picture).map(({ category, ...post }, i) => ({
      ...(i === 0 ? { id: DEMO.postPreviewId } : {}),
      ...post,
      businessId,
      authorId: author!.id,
      categoryIds: [categories[category]!.id],
    })),
  );
  await seedShop(db, businessId, picture);
}
