/**
 * Saving a form or survey through the business API: the definition's shape was checked at the edge;
 * here its logic is (jumps, cycles, dead ends — `checkDefinition`), and a refused definition saves
 * nothing. Every accepted change becomes a new version (ADR 0018).
 */
import { checkDefinition, type DefinitionProblem } from "../../core/forms/check-definition.ts";
import type { FormDefinition } from "../../core/forms/definition.ts";
import type { Result } from "../../core/shared/result.ts";
import type { FormKind, FormStore, StoredForm } from "./ports.ts";

export type SaveFormError =
  | { readonly code: "DEFINITION_INVALID"; readonly problems: readonly DefinitionProblem[] }
  | { readonly code: "NOT_FOUND" };

export async function createForm(
  store: FormStore,
  input: { kind: FormKind; name: string; definition: FormDefinition },
): Promise<Result<StoredForm, SaveFormError>> {
  const problems = checkDefinition(input.definition, input.kind);
  if (problems.length > 0) return { ok: false, error: { code: "DEFINITION_INVALID", problems } };
  return { ok: true, value: await store.createForm(input) };
}

export async function updateForm(
  store: FormStore,
  id: string,
  input: { name?: string; definition?: FormDefinition },
): Promise<Result<StoredForm, SaveFormError>> {
  const current = await store.getForm(id);
  if (!current) return { ok: false, error: { code: "NOT_FOUND" } };
  if (input.definition) {
    const problems = checkDefinition(input.definition, current.kind);
    if (problems.length > 0) return { ok: false, error: { code: "DEFINITION_INVALID", problems } };
  }
  const saved = await store.updateForm(id, input);
  return saved ? { ok: true, value: saved } : { ok: false, error: { code: "NOT_FOUND" } };
}
