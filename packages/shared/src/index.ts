export * from './common/errors.schemas';
export * from './common/limits';
export * from './time/elapsed';
export * from './health/health.schemas';
export * from './users/users.schemas';
export * from './auth/auth.schemas';
