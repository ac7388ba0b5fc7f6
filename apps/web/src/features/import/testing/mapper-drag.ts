import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

const CHIP = { width: 200, height: 32, gap: 12 };
const TILE = { left: 300, width: 150, height: 60, gap: 10, perRow: 4 };

function rect(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height, toJSON: () => ({}) };
}

/**
 * jsdom lays nothing out, so drag and drop has no geometry. This gives the mapper one: column chips
 * stacked on the left, field tiles in rows of four on the right.
 */
export function layOutMapper(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element): DOMRect {
    const row = this.closest('[data-column-row]');
    if (row) {
      const index = Number(row.getAttribute('data-column-row'));
      return rect(0, index * (CHIP.height + CHIP.gap), CHIP.width, CHIP.height);
    }
    const tile = this.closest('[data-target]');
    if (tile) {
      const index = [...document.querySelectorAll('[data-target]')].indexOf(tile);
      const x = TILE.left + (index % TILE.perRow) * (TILE.width + TILE.gap);
      const y = Math.floor(index / TILE.perRow) * (TILE.height + TILE.gap);
      return rect(x, y, TILE.width, TILE.height);
    }
    return rect(0, 0, 0, 0);
  });
}

function centerOf(element: Element) {
  const r = element.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

/** Drags a column chip with the pointer and drops it in the middle of a field tile. */
export function dragColumn(chip: Element, tile: Element): void {
  const start = centerOf(chip);
  const end = centerOf(tile);
  const pointer = { isPrimary: true, button: 0, pointerId: 1 };
  act(() => {
    fireEvent.pointerDown(chip, { ...pointer, ...start });
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
