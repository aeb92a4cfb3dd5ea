/** A live countdown to an instant, shared by the held slot (details step) and the payment step. */
import { useEffect, useState } from "react";

/** Milliseconds left until `until` (ISO 8601), updated every second; 0 once it has passed. */
export function useTimeLeft(until: string | null): number {
  const due = until ? Date.parse(until) : 0;
  const [left, setLeft] = useState(() => Math.max(0, due - Date.now()));
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => setLeft(Math.max(0, due - Date.now())), 1000);
    return () => clearInterval(timer);
  }, [due]);
  return left;
}

/** m:ss */
export const minutesSeconds = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
