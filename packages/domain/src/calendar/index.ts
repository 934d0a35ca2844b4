// `@app/domain/calendar`: kept out of the package index so `ics` loads only where a file is made.
export * from './booking-ics';
export * from './calendar-feed';
export * from './fold-ics-lines';
