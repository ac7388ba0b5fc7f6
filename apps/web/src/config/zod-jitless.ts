import { z } from 'zod';

// The server's Content-Security-Policy forbids eval (ADR 010). Zod tries `new Function` once, when the
// first object schema is built, to choose a faster parser, and the browser reports that as a
// violation. This module is imported first by main.tsx, so it runs before any schema is built.
z.config({ jitless: true });
