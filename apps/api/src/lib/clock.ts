/** The time source. Production uses the wall clock; tests inject one they can move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
