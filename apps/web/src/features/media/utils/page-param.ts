/** The search parameter of a landing's media page (spec §3): page 1 has none. */
export const PAGE_PARAM = 'page';

/** `?page=` of a landing: a whole number ≥ 1, anything else is page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}
