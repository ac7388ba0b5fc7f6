import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('parses without eval once zod-jitless has run, before zod itself loads', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
