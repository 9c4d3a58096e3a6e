import { useRef, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';

/** Items move up and down only (a one-line modifier instead of @dnd-kit/modifiers). */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS =
  'To move an item, press Space or Enter on its handle. Use the up and down arrow keys to move it, Space or Enter to drop it in its new place, or Escape to cancel.';

/**
 * The drag-and-drop frame of the item list (dnd-kit): a pointer drags an item by its handle; the
 * keyboard picks it up with Space, moves it with the arrows and drops it with Space. What happens
 * is announced in words: the item's name and its position.
 */
export function SortableItems({
  ids,
  nameOf,
  onMove,
  children,
}: {
  ids: readonly string[];
  nameOf: (id: UniqueIdentifier) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const count = ids.length;
  // dnd-kit reports the item being over its own place right after the pick-up; announcing that
  // would overwrite "Picked up …" at once. Only a change of place is announced.
  const lastOverRef = useRef<UniqueIdentifier | null>(null);

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOverRef.current = active.id;
      return `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${count}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over ? over.id : null;
      if (overId === lastOverRef.current) return undefined;
      lastOverRef.current = overId;
      return over
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${nameOf(active.id)} was cancelled. It is back at position ${positionOf(active.id)} of ${count}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
