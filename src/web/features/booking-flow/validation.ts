/**
 * The flow's checks in the browser, with the spec's §5 messages (as catalogue keys): the services
 * step's carts here; the details form's in details-validation.ts (in that step's chunk). The server
 * checks the same rules again; the browser only answers faster and keeps every message next to its field.
 */

export interface ValidationResult {
  errors: Record<string, string>;
  values: Record<string, Record<string, string | number>>;
}

export interface ServiceLimit {
  id: string;
  maxGuestsPerSlot: number;
}

/** Spec §5: every attendee has services, and no service is taken by more attendees than it allows. */
export function validateCarts(carts: string[][], services: readonly ServiceLimit[]): ValidationResult {
  const errors: Record<string, string> = {};
  const values: Record<string, Record<string, string | number>> = {};
  if (carts.some((cart) => cart.length === 0)) errors.services = "widget.validation.servicesForAll";
  for (const service of services) {
    const takers = carts.filter((cart) => cart.includes(service.id)).length;
    if (service.maxGuestsPerSlot > 0 && takers > service.maxGuestsPerSlot) {
      errors[`service.${service.id}`] = "widget.validation.serviceLimit";
      values[`service.${service.id}`] = { count: service.maxGuestsPerSlot };
    }
  }
  return { errors, values };
}

/** API field paths (contact.email, guests.0.name, answers.q1) → the form's field paths. */
export function fieldPathOf(apiPath: string): string {
  return apiPath.startsWith("contact.")
    ? apiPath.slice("contact.".length)
    : apiPath === "guests"
      ? "guestCount"
      : apiPath;
}

/** The order fields appear in, for focusing the first invalid one. */
export function firstInvalid(errors: Record<string, string>, order: string[]): string | null {
  return order.find((path) => errors[path]) ?? Object.keys(errors)[0] ?? null;
}

/**
 * The cart a new guest starts with: the booker's services that still have room for one more
 * attendee — never one that would break a service's limit before the visitor did anything (issue 23).
 * Empty when none fits; the services step then asks for a choice.
 */
export function newGuestCart(carts: readonly string[][], services: readonly ServiceLimit[]): string[] {
  return (carts[0] ?? []).filter((id) => {
    const limit = services.find((s) => s.id === id)?.maxGuestsPerSlot ?? 0;
    return limit <= 0 || carts.filter((cart) => cart.includes(id)).length < limit;
  });
}
