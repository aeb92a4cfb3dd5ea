/**
 * Fixed lengths of time, in a module of their own: the booking pages need these constants only, and
 * importing them from time.ts would put time.ts — with the Temporal polyfill — into the booking
 * page's first load as soon as any other chunk (the console's) shares that module.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
