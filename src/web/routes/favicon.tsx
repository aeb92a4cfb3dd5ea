import { faviconNotFound } from "../features/errors/route-errors.ts";

/** Spec §2: a request for the favicon path is treated as not found (404 'Not found'). */
export function loader(): never {
  faviconNotFound();
}

export default function Favicon() {
  return null;
}
