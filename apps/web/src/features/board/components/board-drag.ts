import {
  KeyboardCode,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { BoardCard } from '@prospector/core';
import { COLUMN_WIDTH } from './board-column';

export type CardDragData = { card: BoardCard; statusId: string };

const COLUMN_GAP = 16;
const VERTICAL_STEP = 60;

/** The column under the pointer; with the keyboard (no pointer) the column the card overlaps most. */
export const columnCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/** Space picks a card up and drops it; arrows jump a whole column; Enter stays free to open it. */
export const keyboardCodes = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = COLUMN_WIDTH + COLUMN_GAP;
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + step };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - step };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + VERTICAL_STEP };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - VERTICAL_STEP };
    default:
      return undefined;
  }
};

/** A lead without a primary phone or e-mail cannot get a status: the drop is refused without a call. */
export function cardLacksPrimary(card: BoardCard): boolean {
  return !card.hasPrimary;
}
