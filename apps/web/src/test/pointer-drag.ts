import { act, fireEvent } from '@testing-library/react';

export function rect(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height, toJSON: () => ({}) };
}

function centerOf(element: Element) {
  const r = element.getBoundingClientRect();
  return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
}

/**
 * Drags `handle` with the pointer (past dnd-kit's activation distance) and drops it on the middle of
 * `target`. jsdom lays nothing out: the caller mocks getBoundingClientRect with a layout first.
 */
export function dragWithPointer(handle: Element, target: Element): void {
  const start = centerOf(handle);
  const end = centerOf(target);
  const pointer = { isPrimary: true, button: 0, pointerId: 1 };
  act(() => {
    fireEvent.pointerDown(handle, { ...pointer, ...start });
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
