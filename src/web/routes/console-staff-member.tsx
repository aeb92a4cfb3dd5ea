import { loadStaffHours, StaffHoursPage } from "../features/console/staff-hours-page.tsx";
import type { Route } from "./+types/console-staff-member";

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadStaffHours(request, () => params.staffId);
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** One staff member's weekly hours, date-specific hours and time off (owner; a staff login: its own). */
export default function ConsoleStaffMember({ loaderData }: Route.ComponentProps) {
  return <StaffHoursPage key={loaderData.kind === "found" ? loaderData.staff.id : loaderData.kind} data={loaderData} />;
}
