import { vi } from 'vitest';
import { dragWithPointer, rect } from '../../../test/pointer-drag';

const CHIP = { width: 200, height: 32, gap: 12 };
const TILE = { left: 300, width: 150, height: 60, gap: 10, perRow: 4 };

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

/** Drags a column chip with the pointer and drops it in the middle of a field tile. */
export const dragColumn = dragWithPointer;
