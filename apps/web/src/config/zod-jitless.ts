// The server's Content-Security-Policy forbids eval (ADR 010). Zod tries `new Function` once, when the
// first object schema is built, to choose a faster parser, and the browser reports that as a
// violation. This module is imported first by main.tsx, so it runs before any schema is built.
//
// It sets zod's global configuration object where zod 4 keeps it (`globalThis.__zod_globalConfig`,
// which zod's `config()` writes and adopts when it loads) instead of importing zod: an import would
// put zod in the first page's JavaScript (issue 30), which loads zod only with its first contract.
// zod-jitless.test.ts proves zod reads it, so an upgrade that moves it fails there.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Filled in place: zod keeps the object it found when it loaded.
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });

export {};
