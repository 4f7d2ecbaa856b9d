import pg from 'pg';

/** Timestamps and dates stay strings, as drizzle's node-postgres driver asks of `pg`. */
const TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1266]);
export const replayTypes = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.has(oid)
      ? (v: string) => v
      : (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(oid, format),
};
