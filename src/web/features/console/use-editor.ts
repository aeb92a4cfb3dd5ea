/**
 * What every add/edit panel and removable list of the setup screens does the same way: a draft
 * kept while the server refuses (nothing typed is lost), checks shown once a save was tried, the
 * focus moved to the panel on opening, to the first invalid field (or the alert) on a refusal and
 * back to the "Add" button on closing; removals shown at once and undone if the server refuses.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";

type FocusTarget = "heading" | "problem" | "add";

export function useEditor<Draft>() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // Focus moves after React has rendered what it moves to (the opened panel, the field now marked
  // invalid), so it is asked for here and done in an effect rather than in a frame callback.
  const [focus, setFocus] = useState<{ target: FocusTarget; tick: number } | null>(null);
  const requestFocus = (target: FocusTarget) => setFocus((f) => ({ target, tick: (f?.tick ?? 0) + 1 }));
  useEffect(() => {
    if (!focus) return;
    const element =
      focus.target === "heading"
        ? headingRef.current
        : focus.target === "add"
          ? addRef.current
          : (formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]") ?? alertRef.current);
    element?.focus();
  }, [focus]);
  const focusProblem = () => requestFocus("problem");

  function open(next: Draft) {
    setDraft(next);
    setIsChecking(false);
    setProblem(null);
    setStatus("");
    requestFocus("heading");
  }

  function close() {
    setDraft(null);
    setProblem(null);
    requestFocus("add");
  }

  /** A save: refused here while `isValid` is false, else `run` with the server's refusal kept as the problem. */
  async function submit(event: FormEvent, isValid: boolean, run: () => Promise<void>) {
    event.preventDefault();
    setIsChecking(true);
    setProblem(null);
    if (!isValid) return void focusProblem();
    setSaving(true);
    try {
      await run();
    } catch (error) {
      setProblem(error);
      focusProblem();
    } finally {
      setSaving(false);
    }
  }

  /**
   * An entry removed from view at once; back in view, with the problem shown, if `run` fails. `run`
   * takes it out of the screen's own list before it resolves (the id may come back: a date re-added).
   */
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  async function remove(id: string, run: () => Promise<void>): Promise<void> {
    setProblem(null);
    setStatus("");
    setHidden((h) => new Set(h).add(id));
    try {
      await run();
    } catch (error) {
      setProblem(error);
      focusProblem();
    } finally {
      setHidden((h) => {
        const next = new Set(h);
        next.delete(id);
        return next;
      });
    }
  }

  return {
    draft,
    setDraft,
    isChecking,
    problem,
    setProblem,
    saving,
    status,
    setStatus,
    refs: { form: formRef, heading: headingRef, add: addRef, alert: alertRef },
    open,
    close,
    submit,
    remove,
    isShown: (id: string) => !hidden.has(id),
  };
}
