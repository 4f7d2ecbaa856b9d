export * from './common/errors.schemas';
export * from './common/limits';
export * from './time/elapsed';
