import { useRef, useState } from "react";

/**
 * A change sent to the server from a console screen: busy while it runs, and a refusal kept to show
 * (focused, so a keyboard or screen-reader user lands on it). Resolves whether it went through.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      return true;
    } catch (error) {
      setProblem(error);
      requestAnimationFrame(() => alertRef.current?.focus());
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, problem, alertRef, run };
}
