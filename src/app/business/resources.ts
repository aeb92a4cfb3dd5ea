/**
 * Rooms and equipment of a business (issue 21, ADR 0038): what the business API reads and writes.
 * Part of the BusinessRepository (ports.ts), bound to one business like every other store.
 */
import type { DateOverrides, WeeklyHours } from "../../core/calendar/calendar.ts";
import type { Deletion, Result } from "./ports.ts";

export type ResourceKind = "room" | "equipment" | "other";

export interface ResourceView {
  readonly id: string;
  readonly name: string;
  readonly kind: ResourceKind;
  readonly capacity: number;
  readonly timeZone: string;
  /** Null: open whenever staff work. */
  readonly weeklyHours: WeeklyHours | null;
  readonly dateOverrides: DateOverrides;
  /** Services that need it. */
  readonly serviceIds: readonly string[];
  readonly createdAt: string;
}

export interface ResourceInput {
  readonly name: string;
  readonly kind: ResourceKind;
  readonly capacity: number;
  readonly timeZone: string;
  readonly weeklyHours?: WeeklyHours | null;
  readonly dateOverrides?: DateOverrides;
}

export interface ResourceTimeOffView {
  readonly id: string;
  readonly resourceId: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string | null;
}

/** What a service needs: each entry one unit of any of (`any`) or each of (`all`) its resources. */
export interface ServiceResourceNeed {
  readonly mode: "any" | "all";
  readonly resourceIds: readonly string[];
}

export interface ResourceStore {
  listResources(): Promise<ResourceView[]>;
  getResource(id: string): Promise<ResourceView | null>;
  createResource(input: ResourceInput, options?: { id?: string }): Promise<ResourceView>;
  updateResource(id: string, patch: Partial<ResourceInput>): Promise<Result<ResourceView>>;
  /** Removed with its links to services; bookings keep the times they hold (their units go). */
  deleteResource(id: string): Promise<Result<Deletion>>;
  listResourceTimeOff(resourceId: string): Promise<Result<ResourceTimeOffView[]>>;
  createResourceTimeOff(
    resourceId: string,
    input: { startsAt: string; endsAt: string; reason?: string | null },
  ): Promise<Result<ResourceTimeOffView>>;
  deleteResourceTimeOff(resourceId: string, id: string): Promise<Result<Deletion>>;
  /** What every service that needs anything needs, by service id (one read for the console's list). */
  listServiceResources(): Promise<Record<string, ServiceResourceNeed[]>>;
  getServiceResources(serviceId: string): Promise<Result<ServiceResourceNeed[]>>;
  /** Replaces what the service needs; REFERENCE_NOT_FOUND names the first unknown resource. */
  setServiceResources(serviceId: string, needs: readonly ServiceResourceNeed[]): Promise<Result<ServiceResourceNeed[]>>;
}
