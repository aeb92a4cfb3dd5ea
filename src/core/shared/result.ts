/**
 * The one way a step of the product says how it went, from the core to the HTTP edge: a value, or
 * a typed refusal (issue 12). Each layer names its refusals — `BookingError` in the booking core,
 * `BusinessError` on the business side, the engine's `QueryError` — and the edge maps each code to
 * its status and localised message (src/server/http/problem.ts, src/server/routes/booking-problems.ts).
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };
