export * from './auth';
export * from './constants';
export * from './dates';
export * from './messages';
