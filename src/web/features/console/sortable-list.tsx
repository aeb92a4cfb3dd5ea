/**
 * An ordered list put in order by dragging an entry's handle with a pointer, by keyboard on the
 * handle (Space picks up, arrows move, Space drops, Escape puts back — dnd-kit's KeyboardSensor),
 * or with the "Up"/"Down" buttons beside it. Every move is announced in the page's language.
 * dnd-kit is chosen in ADR 0050; it is imported only by console screens, never by a booking page.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLingui } from "@lingui/react";
import { useState, type ReactNode } from "react";
import { ReorderButtons } from "./reorder-buttons.tsx";

interface Props {
  /** Tells one list's handles and buttons from another's on the same page. */
  readonly list: string;
  readonly ids: readonly string[];
  readonly nameOf: (id: string) => string;
  /** More about an entry, shown under its name (a calendar's type). */
  readonly detailOf?: (id: string) => ReactNode;
  readonly onChange: (ids: string[]) => void;
}

export function SortableList({ list, ids, nameOf, detailOf, onChange }: Props) {
  const { i18n } = useLingui();
  const [status, setStatus] = useState("");
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const placeOf = (id: unknown) => ids.indexOf(String(id)) + 1;
  const count = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      i18n._("console.order.pickedUp", { name: nameOf(String(active.id)), number: placeOf(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? i18n._("console.order.over", { name: nameOf(String(active.id)), number: placeOf(over.id), count })
        : undefined,
    onDragEnd: ({ active, over }) =>
      i18n._("console.order.moved", {
        name: nameOf(String(active.id)),
        number: placeOf(over?.id ?? active.id),
        count,
      }),
    onDragCancel: ({ active }) =>
      i18n._("console.order.cancelled", { name: nameOf(String(active.id)), number: placeOf(active.id), count }),
  };

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange(arrayMove([...ids], ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  const moveTo = (from: number, to: number) => {
    const id = ids[from]!;
    onChange(arrayMove([...ids], from, to));
    setStatus(i18n._("console.order.moved", { name: nameOf(id), number: to + 1, count }));
  };

  return (
    <>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      <DndContext
        id={`sortable-${list}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: i18n._("console.order.instructions") },
        }}
      >
        <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
          <ol className="console-ordered console-sortable" data-list={list}>
            {ids.map((id, index) => (
              <SortableEntry key={id} id={id} name={nameOf(id)} detail={detailOf?.(id)}>
                <ReorderButtons
                  list={list}
                  index={index}
                  count={count}
                  name={nameOf(id)}
                  onMove={(to) => moveTo(index, to)}
                  onRemove={() => {
                    onChange(ids.filter((other) => other !== id));
                    setStatus(i18n._("console.order.removed", { name: nameOf(id) }));
                  }}
                />
              </SortableEntry>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
}

function SortableEntry({
  id,
  name,
  detail,
  children,
}: {
  id: string;
  name: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className={`console-ordered__item${isDragging ? " console-ordered__item--dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-entry={id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="console-drag-handle"
        {...attributes}
        // dnd-kit gives the handle role="button" and a generic "sortable" role description; a real
        // button needs neither, and the description it names is the localised instructions.
        role={undefined}
        aria-roledescription={undefined}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
        <span className="visually-hidden">{i18n._("console.order.drag", { name })}</span>
      </button>
      <span className="console-ordered__entry">
        <span className="console-ordered__name">{name}</span>
        {detail ? <span className="console-muted console-ordered__detail"> {detail}</span> : null}
      </span>
      {children}
    </li>
  );
}
