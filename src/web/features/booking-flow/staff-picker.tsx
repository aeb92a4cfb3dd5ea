import { useLingui } from "@lingui/react";
import { useId } from "react";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** 'Any available' or one member, as radio buttons (arrow keys move between them). */
export function StaffPicker({
  staff,
  value,
  onChange,
  prices,
}: {
  staff: readonly { id: string; name: string; photoUrl: string | null }[];
  value: string | null;
  onChange(id: string | null): void;
  /** Where members' prices differ: each one's total, and "any" (its "from" price). */
  prices?: Readonly<Record<string, string>> | undefined;
}) {
  const { i18n } = useLingui();
  const name = useId();
  const options = [
    { id: null as string | null, name: i18n._("widget.staff.any"), photoUrl: null as string | null },
    ...staff,
  ];
  return (
    <fieldset className="staff-picker">
      <legend>{i18n._("widget.staff.label")}</legend>
      <div className="staff-picker__options">
        {options.map((member) => (
          <label
            key={member.id ?? "any"}
            className={`staff-option${value === member.id ? " staff-option--selected" : ""}`}
          >
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={value === member.id}
              onChange={() => onChange(member.id)}
            />
            {member.photoUrl ? (
              <img className="avatar" src={member.photoUrl} alt="" width="36" height="36" />
            ) : (
              <span className="avatar" aria-hidden="true">
                {member.id ? initials(member.name) : "★"}
              </span>
            )}
            <span>
              {member.name}
              {prices ? <span className="staff-option__price">{prices[member.id ?? "any"]}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
