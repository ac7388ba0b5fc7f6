import { vi } from 'vitest';
import { dragWithPointer, rect } from './pointer-drag';

const COLUMN = { width: 280, gap: 20, height: 800 };
const CARD = { height: 90, gap: 10 };

/**
 * jsdom lays nothing out, so drag and drop has no geometry. This gives the board one: columns side
 * by side (by their order in the page), cards stacked inside their column.
 */
export function layOutBoard(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element): DOMRect {
    // The floating copy of a dragged card starts where the card is.
    const overlayOf = this.closest('[data-drag-overlay-for]')?.getAttribute('data-drag-overlay-for');
    const dragged = overlayOf ? document.querySelector(`[data-card-id="${overlayOf}"]`) : null;
    if (dragged) return dragged.getBoundingClientRect();
    const columns = [...document.querySelectorAll('[data-status-id]')];
    const column = this.closest('[data-status-id]');
    const index = column ? columns.indexOf(column) : -1;
    if (!column || index < 0) return rect(0, 0, 0, 0);
    const x = index * (COLUMN.width + COLUMN.gap);
    if (this === column) return rect(x, 0, COLUMN.width, COLUMN.height);
    const card = this.closest('[data-card-id]');
    if (!card) return rect(x, 0, COLUMN.width, COLUMN.height);
    const position = [...column.querySelectorAll('[data-card-id]')].indexOf(card);
    return rect(x + 10, 50 + position * (CARD.height + CARD.gap), COLUMN.width - 20, CARD.height);
  });
}

/** Drags a card with the pointer and drops it on a point inside `target` (a column or a card). */
export const dragCard = dragWithPointer;
