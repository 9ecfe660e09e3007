/**
 * What the app needs to run under the server's Content-Security-Policy without the browser reporting
 * a violation. Imported first by main.tsx, so it runs before any module builds a schema. (Radix's
 * scroll lock needs no nonce for its stylesheet: see style-singleton.ts.)
 */

// Zod compiles object parsers with `new Function` when it finds eval allowed, and probes for that
// the first time an object schema is built; script-src 'self' blocks eval, and the browser reports
// the probe as a violation even though zod catches it. Jitless mode skips both. Zod keeps its config
// on this global (shared by every copy of zod) and adopts an existing one, so setting it here, before
// any zod module loads, is `z.config({ jitless: true })` without putting zod in the first script
// every page loads (zod comes with the pages that have forms).
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };

