/**
 * The APIs Chromium 68/69 (the TV browsers: LG webOS 2020, Tizen 5.5; STACK.md "Old Chromium")
 * lack and that the player or its dependencies use, from core-js, one module each. Imported
 * first by main.tsx, so they are in place before any other module runs. Only what is used:
 *   - globalThis (Chromium 71): zod, idb and @js-temporal/polyfill read it while they load.
 *   - Object.fromEntries (73): zod and @js-temporal/polyfill.
 *   - queueMicrotask (71): React schedules with it where present (and falls back by itself).
 * Not polyfilled because nothing here uses them yet: String.prototype.matchAll (73),
 * Promise.allSettled (76), Array.prototype.at (92), structuredClone (98), Object.hasOwn (93),
 * String.prototype.replaceAll (85). Code that starts to use one adds its core-js module here
 * (apps/player/README.md, "The TV player in old Chromium"); the Chromium 69 check proves it.
 */
import 'core-js/stable/global-this';
import 'core-js/stable/object/from-entries';
import 'core-js/stable/queue-microtask';
