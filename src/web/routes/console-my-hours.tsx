import { loadStaffHours, StaffHoursPage } from "../features/console/staff-hours-page.tsx";
import type { Route } from "./+types/console-my-hours";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadStaffHours(request, (session) => session.user.staffId);
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** A staff login's own hours and time off: "My hours" in its menu. */
export default function ConsoleMyHours({ loaderData }: Route.ComponentProps) {
  return <StaffHoursPage data={loaderData} />;
}
