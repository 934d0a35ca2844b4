// The API's responses and error codes (api-contract §1–§4): the API's routes declare them, and the
// web takes its types from them (type-only imports, so zod stays off the web's first load).
export * from './account-export';
export * from './auth';
export * from './bookings';
export * from './calendar';
export * from './errors';
export * from './outbox';
export * from './payments';
export * from './public-pages';
export * from './reviews';
export * from './services';
export * from './threads';
export * from './users';
