import { pageNotFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/not-found";

/** Any path without a route: 404 'Page Not Found: {path}' (spec §8). */
export function loader({ request }: Route.LoaderArgs): never {
  pageNotFound(request);
}

export default function NotFound() {
  return null;
}
