/** The whole data model. `import * as schema from './schema'` gives Drizzle every table and relation. */
export * from './auth';
export * from './users';
export * from './settings';
export * from './communities';
export * from './posts';
export * from './comments';
export * from './media';
export * from './shop';
export * from './relations';
export * from './uploads';
export * from './moderation';
export * from './notifications';
export * from './imports';
