import { useRef, useState, type FormEvent } from "react";

/**
 * A form's sending state: busy while the work runs, and its refusal kept and focused (the
 * `ProblemAlert` given `alertRef`) so a keyboard or screen-reader user lands on what went wrong.
 */
export function useSubmission() {
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  function submitWith(work: () => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      setBusy(true);
      setProblem(null);
      try {
        await work();
      } catch (error) {
        setProblem(error);
        requestAnimationFrame(() => alertRef.current?.focus());
      } finally {
        setBusy(false);
      }
    };
  }

  return { problem, setProblem, busy, alertRef, submitWith };
}
