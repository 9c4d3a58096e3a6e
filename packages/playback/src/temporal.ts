// Order matters: the polyfill reads globalThis and Object.fromEntries while it loads.
import './legacy-globals';
import { Temporal } from '@js-temporal/polyfill';

/**
 * The Temporal API, from @js-temporal/polyfill (the proposal champions' polyfill). Not the
 * smaller temporal-polyfill: on Chromium 69 it formats hours on a 12-hour clock (its `-u-hc-h23`
 * locale extension is ignored before Chromium 73) and gets every afternoon offset 12 hours wrong.
 * See docs/decisions.md.
 */
export { Temporal };
