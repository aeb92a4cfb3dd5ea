import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A list entry's Edit and Remove buttons, named with the entry for screen readers ("Edit Anna Berg"). */
export function RowActions({
  name,
  onEdit,
  onRemove,
  children,
}: {
  name: string;
  onEdit(): void;
  onRemove(): void;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <div className="console-row__actions">
      {children}
      <button type="button" className="console-button console-button--quiet" onClick={onEdit}>
        {i18n._("console.setup.edit")}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="console-button console-button--quiet" onClick={onRemove}>
        {i18n._("console.setup.remove")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}

/** A setup list: its entries (`<li>`s), or what to say when there are none, and a status line read out after a change. */
export function EntryList({
  status,
  isEmpty,
  empty,
  children,
}: {
  status: string;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  return (
    <>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {isEmpty ? <p className="console-empty">{empty}</p> : <ul className="console-list">{children}</ul>}
    </>
  );
}

/**
 * A link among an entry's actions, named with the entry for screen readers ("View Linen apron"):
 * `href` for a page outside the console (the public page), `to` for a console screen.
 */
export function RowLink({
  label,
  name,
  ...target
}: { label: string; name: string } & ({ href: string } | { to: string })) {
  const content = (
    <>
      {label}
      <span className="visually-hidden"> {name}</span>
    </>
  );
  return "to" in target ? (
    <Link className="console-button console-button--quiet" to={target.to}>
      {content}
    </Link>
  ) : (
    <a className="console-button console-button--quiet" href={target.href}>
      {content}
    </a>
  );
}
