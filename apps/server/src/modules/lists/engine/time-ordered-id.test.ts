import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('time-ordered ids', () => {
  it('are version 7 UUIDs that the API contracts accept, carrying the time they were made', () => {
    // A day ahead: ids made earlier in this process never run later than it (they keep their order).
    const now = Date.now() + 86_400_000;
    const id = timeOrderedId(now);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('sort in the order they were made, within one millisecond and when the clock goes back', () => {
    const now = Date.now() + 60_000;
    const ids = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(now)),
      timeOrderedId(now - 10_000),
      timeOrderedId(now + 1),
      ...Array.from({ length: 100 }, () => timeOrderedId()),
    ];
    // PostgreSQL compares uuids byte by byte, which is the order of their lower-case hex text.
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
