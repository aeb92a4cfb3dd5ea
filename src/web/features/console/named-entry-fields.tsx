import { Field } from "../../components/form-field.tsx";
import { CopyButton } from "./copy-button.tsx";
import { DESCRIPTION_MAX, NAME_MAX } from "./group-menu-draft.ts";
import { NameAndSlugFields, type NamedDraft } from "./slug-fields.tsx";

/**
 * The name, address name (slug) and description of a page the business names (a group, a service
 * menu, a collection of products), each with its message next to it.
 */
export function NamedEntryFields<D extends NamedDraft & { readonly description: string }>({
  draft,
  labels,
  onChange,
  errorOf,
}: {
  draft: D;
  labels: { name: string; slug: string; slugHint: string; description: string };
  onChange(draft: NoInfer<D>): void;
  errorOf(field: "name" | "slug" | "description"): string | undefined;
}) {
  return (
    <>
      <NameAndSlugFields
        field="name"
        label={labels.name}
        maxLength={NAME_MAX}
        slugLabel={labels.slug}
        slugHint={labels.slugHint}
        value={draft}
        onChange={(named) => onChange({ ...draft, ...named })}
        errorOf={(field) => errorOf(field === "title" ? "name" : field)}
      />
      <Field path="description" label={labels.description} error={errorOf("description")}>
        {(aria) => (
          <textarea
            {...aria}
            name="description"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={draft.description}
            onChange={(e) => onChange({ ...draft, description: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** A list entry's public page: its address, on screen, and a button that copies it. */
export function PublicLink({ url, copyLabel }: { url: string; copyLabel: string }) {
  return (
    <>
      <p className="console-row__detail console-link-line">{url}</p>
      <CopyButton text={url} label={copyLabel} />
    </>
  );
}
