import { useLingui } from "@lingui/react";

/** The list with the entry at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}

/**
 * Move up, move down and remove for an entry of an ordered list (a gallery, a collection's
 * products), named with the entry for screen readers. After a move the focus follows the entry to
 * its new place (on the same button, or the other one at an end), so arrowing through a list by
 * keyboard is pressing Enter again and again.
 */
export function ReorderButtons({
  list,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  /** Tells the buttons of one list from another's on the same page. */
  list: string;
  index: number;
  count: number;
  name: string;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { i18n } = useLingui();
  const idOf = (at: number, direction: "up" | "down") => `${list}-${at}-${direction}`;
  const move = (to: number, direction: "up" | "down") => {
    onMove(to);
    const atEnd = direction === "up" ? to === 0 : to === count - 1;
    // After React has put the entry in its new place (a click's update renders before the next frame).
    requestAnimationFrame(() =>
      document.getElementById(idOf(to, atEnd ? (direction === "up" ? "down" : "up") : direction))?.focus(),
    );
  };
  return (
    <div className="console-reorder">
      <button
        id={idOf(index, "up")}
        type="button"
        className="console-button console-button--quiet"
        disabled={index === 0}
        onClick={() => move(index - 1, "up")}
      >
        {i18n._("console.order.up")}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button
        id={idOf(index, "down")}
        type="button"
        className="console-button console-button--quiet"
        disabled={index === count - 1}
        onClick={() => move(index + 1, "down")}
      >
        {i18n._("console.order.down")}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="console-button console-button--quiet" onClick={onRemove}>
        {i18n._("console.setup.remove")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
