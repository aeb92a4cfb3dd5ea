import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/**
 * Copies `text` to the clipboard, and says so in words next to the button (announced politely,
 * not by colour or an icon alone). Where the clipboard is refused, it says to copy by hand: the
 * text is always on screen beside it.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="console-copy">
      <button type="button" className="console-button console-button--quiet" onClick={copy} aria-label={label}>
        {i18n._("console.copy.button")}
      </button>
      <span className="console-copy__status" role="status" aria-live="polite">
        {state === "copied" ? i18n._("console.copy.done") : state === "failed" ? i18n._("console.copy.failed") : ""}
      </span>
    </span>
  );
}
