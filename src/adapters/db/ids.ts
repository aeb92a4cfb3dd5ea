const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in URLs are untrusted: anything that is not a UUID cannot match, and must not reach SQL as one. */
export const isUuid = (value: string) => UUID_RE.test(value);
