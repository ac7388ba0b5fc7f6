import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

const COLUMN = { width: 280, gap: 20, height: 800 };
const CARD = { height: 90, gap: 10 };

function rect(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height, toJSON: () => ({}) };
}

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

function centerOf(element: Element) {
  const r = element.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

/** Drags a card with the pointer and drops it on a point inside `target` (a column or a card). */
export function dragCard(card: Element, target: Element): void {
  const start = centerOf(card);
  const end = centerOf(target);
  const pointer = { isPrimary: true, button: 0, pointerId: 1 };
  act(() => {
    fireEvent.pointerDown(card, { ...pointer, ...start });
  });
  act(() => {
    fireEvent.pointerMove(document, { ...pointer, clientX: start.clientX + 20, clientY: start.clientY });
  });
  act(() => {
    fireEvent.pointerMove(document, { ...pointer, ...end });
  });
  act(() => {
    fireEvent.pointerUp(document, { ...pointer, ...end });
  });
}
