import { slugOf } from "./slug.ts";
import { TextField } from "./text-field.tsx";

/** A name and the slug of the entry's address, as a draft holds them. */
export interface NamedDraft {
  readonly name: string;
  readonly slug: string;
  /** Whether the owner typed the slug: until then it follows the name. */
  readonly isSlugTyped: boolean;
}

/**
 * The name (or title) of a post, product or collection and the slug of its address, which follows
 * the name until the owner types one of their own; each with its message next to it.
 */
export function NameAndSlugFields({
  field,
  label,
  maxLength,
  slugLabel,
  slugHint,
  value,
  onChange,
  errorOf,
}: {
  /** The name's field, as the API names it: `title` or `name`. */
  field: "title" | "name";
  label: string;
  maxLength: number;
  slugLabel: string;
  slugHint: string;
  value: NamedDraft;
  onChange(value: NamedDraft): void;
  errorOf(field: "title" | "name" | "slug"): string | undefined;
}) {
  return (
    <>
      <TextField
        name={field}
        label={label}
        value={value.name}
        autoComplete="off"
        input={{ maxLength }}
        onChange={(name) => onChange({ ...value, name, slug: value.isSlugTyped ? value.slug : slugOf(name) })}
        error={errorOf(field)}
      />
      <TextField
        name="slug"
        label={slugLabel}
        hint={slugHint}
        value={value.slug}
        autoComplete="off"
        input={{ maxLength: 80, spellCheck: false }}
        onChange={(slug) => onChange({ ...value, slug, isSlugTyped: true })}
        error={errorOf("slug")}
      />
    </>
  );
}
