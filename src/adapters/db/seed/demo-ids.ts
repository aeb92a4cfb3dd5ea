/**
 * Fixed ids of the demo business, so README's demo URLs and the browser tests stay stable across
 * `npm run seed`. Real businesses get random ids.
 */
export const DEMO = {
  businessSlug: "demo",
  businessId: "00000000-0000-4000-8000-000000000001",
  staff: {
    anna: "00000000-0000-4000-8000-000000000101",
    marco: "00000000-0000-4000-8000-000000000102",
    priya: "00000000-0000-4000-8000-000000000103",
    liam: "00000000-0000-4000-8000-000000000104",
  },
  calendars: {
    introCall: "00000000-0000-4000-8000-000000000201",
    salesDemo: "00000000-0000-4000-8000-000000000202",
    workshop: "00000000-0000-4000-8000-000000000203",
    yoga: "00000000-0000-4000-8000-000000000204",
    salon: "00000000-0000-4000-8000-000000000205",
    consultation: "00000000-0000-4000-8000-000000000206",
    /** Paid online in full before it is confirmed (the built-in test provider). */
    massage: "00000000-0000-4000-8000-000000000207",
    /** A deposit paid online; the rest is paid at the studio. */
    assessment: "00000000-0000-4000-8000-000000000208",
    /** A request whose price is held on the card and taken when the studio confirms. */
    coaching: "00000000-0000-4000-8000-000000000209",
    /** Look Busy on: some free starts of each day are hidden, the same ones on every visit. */
    checkIn: "00000000-0000-4000-8000-00000000020a",
    /** Requires at least one guest ("Require guests for booking"). */
    partnerMassage: "00000000-0000-4000-8000-00000000020b",
    /** Private: on no list; its direct link books it. */
    privateSession: "00000000-0000-4000-8000-00000000020c",
  },
  groupId: "00000000-0000-4000-8000-000000000301",
  groupSlug: "team",
  serviceMenuId: "00000000-0000-4000-8000-000000000401",
  serviceMenuSlug: "salon-menu",
  services: {
    haircut: "00000000-0000-4000-8000-000000000501",
    colour: "00000000-0000-4000-8000-000000000502",
    massage: "00000000-0000-4000-8000-000000000503",
    manicure: "00000000-0000-4000-8000-000000000504",
    /** Private: not on the salon menu; bookable by its direct link. */
    bridal: "00000000-0000-4000-8000-000000000505",
    /** Issue 24: short or long hair (variations), an add-on, and Anna's senior price and time for long hair. */
    cutByLength: "00000000-0000-4000-8000-000000000506",
  },
  /** Issue 21: two treatment rooms, shared by the massage and the colour (any free one). */
  resources: {
    room1: "00000000-0000-4000-8000-000000000601",
    room2: "00000000-0000-4000-8000-000000000602",
  },
  /** 10 % off the cut by hair length (issue 24). */
  couponCode: "SPRING10",
  /** The private service's slug, for its direct links. */
  privateServiceSlug: "bridal-styling",
  /** Liam's own location and the massage's (ADR 0044: a member's wins over a service's). */
  liamAddress: "Northwind Altona, Große Bergstraße 160, 22767 Hamburg",
  spaAddress: "Northwind Spa, Hafenstraße 14, 20457 Hamburg",
  oneTimeLinkSlug: "demo-welcome-link",
  usedOneTimeLinkSlug: "demo-used-link",
  formId: "00000000-0000-4000-8000-000000000601",
  surveyId: "00000000-0000-4000-8000-000000000602",
  /** Attached to the nutrition check-in: asked on its details step (issue 15). */
  intakeFormId: "00000000-0000-4000-8000-000000000603",
  productId: "00000000-0000-4000-8000-000000000701",
  postPreviewId: "00000000-0000-4000-8000-000000000801",
  /**
   * The console's demo logins (issue 18), printed at start-up and in README. Demo data only: a
   * real business's owner gets the password they choose (npm run business:create).
   */
  logins: {
    owner: { email: "owner@northwind.example", password: "northwind demo owner", name: "Nora Lind" },
    staff: { email: "anna@northwind.example", password: "northwind demo staff", name: "Anna Berg" },
  },
} as const;
