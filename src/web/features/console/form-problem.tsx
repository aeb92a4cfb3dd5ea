import { useLingui } from "@lingui/react";
import { forwardRef } from "react";
import { isAboutFields } from "./field-problems.ts";
import { ProblemAlert } from "./problem-alert.tsx";

/**
 * Above a form: when every error of a refusal is shown next to its field, a localised pointer to
 * them (the server's own summary is generic); otherwise the server's refusal itself.
 */
export const FormProblem = forwardRef<HTMLDivElement, { problem: unknown; fields: readonly string[] }>(
  function FormProblem({ problem, fields }, ref) {
    const { i18n } = useLingui();
    if (!problem) return null;
    if (!isAboutFields(problem, fields)) return <ProblemAlert ref={ref} problem={problem} />;
    return (
      <div ref={ref} className="console-alert" role="alert" tabIndex={-1}>
        {i18n._("console.fields.checkFields")}
      </div>
    );
  },
);
