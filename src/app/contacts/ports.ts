/**
 * A business's contacts (issue 15, docs/decisions/0041-contacts.md): the people it has heard from,
 * one per email as people type it (`personKey`), made or matched when they send a form or survey
 * or book. The store is bound to one business (docs/decisions/0007-tenancy.md): another
 * business's contact ids look missing.
 */

export interface Contact {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly firstSeenAt: string;
  readonly lastSeenAt: string;
}

export interface ContactSubmission {
  readonly id: string;
  readonly formId: string;
  readonly formName: string;
  readonly kind: "form" | "survey";
  readonly version: number;
  /** Answered while booking (a calendar's attached form): that booking. */
  readonly bookingId: string | null;
  readonly createdAt: string;
}

export interface ContactBooking {
  readonly id: string;
  readonly calendarId: string;
  readonly calendarName: string;
  readonly status: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly createdAt: string;
}

export interface ContactDetail extends Contact {
  readonly submissions: readonly ContactSubmission[];
  readonly bookings: readonly ContactBooking[];
}

export interface ContactPage {
  readonly items: readonly Contact[];
  /** Pass as `after` for the next page; null on the last one. */
  readonly nextAfter: string | null;
}

export interface ContactStore {
  /** Most recently seen first, `limit` at a time; `search` matches a part of the email or the name. */
  listContacts(page: { limit: number; after?: string; search?: string }): Promise<ContactPage>;
  /** One contact with what they sent and booked; null when unknown (or another business's). */
  getContact(id: string): Promise<ContactDetail | null>;
}
