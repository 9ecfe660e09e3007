const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value given as an id (a path segment, a field) is a uuid: anything else names no record. */
export const isUuid = (value: string): boolean => UUID.test(value);
