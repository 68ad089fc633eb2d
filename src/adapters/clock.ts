/** Today's date (UTC, YYYY-MM-DD): the default valid date of what an officer records and the default list date. */
export const today = (): string => new Date().toISOString().slice(0, 10);
