import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { forwardRef } from "react";
import { ApiProblem } from "./console-api.ts";

/** What a refusal says: the server's detail, or that the server could not be reached or failed. */
export const problemText = (i18n: I18n, problem: unknown): string =>
  problem instanceof ApiProblem && problem.detail
    ? problem.detail
    : i18n._(
        problem instanceof ApiProblem && problem.status === 0
          ? "console.problem.offline"
          : "console.problem.unexpected",
      );

/**
 * A refusal the server gave (its detail is already in the page's language) or a failure to reach
 * it, announced and focusable so a keyboard or screen-reader user lands on it.
 */
export const ProblemAlert = forwardRef<HTMLDivElement, { problem: unknown }>(function ProblemAlert({ problem }, ref) {
  const { i18n } = useLingui();
  if (!problem) return null;
  const text = problemText(i18n, problem);
  return (
    <div ref={ref} className="console-alert" role="alert" tabIndex={-1}>
      {text}
    </div>
  );
});
