import { useRef, useState, type FormEvent } from "react";

/**
 * A form's sending state: busy while the work runs, and its refusal kept and focused (the
 * `ProblemAlert` given `alertRef`) so a keyboard or screen-reader user lands on what went wrong.
 * `run` sends from a button or a form alike and resolves whether the work went through;
 * `submitWith` is the same as a form's submit handler.
 */
export function useSubmission() {
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  async function run(work: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(error);
      requestAnimationFrame(() => alertRef.current?.focus());
      return false;
    } finally {
      setBusy(false);
    }
  }

  function submitWith(work: () => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      await run(work);
    };
  }

  return { problem, setProblem, busy, alertRef, run, submitWith };
}
