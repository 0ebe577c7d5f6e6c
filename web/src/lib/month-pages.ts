/** A calendar reads its whole month (docs/product.md#admin-sections calendars), 100 at a time, up to this many. */
export const MONTH_CAP = 1000;
const MONTH_PAGE = 100;

/**
 * Every row of a range (a calendar's month), page after page, up to MONTH_CAP: `readPage` asks the
 * list's own endpoint, whose reply carries the rows under `key` and the range's `total`.
 */
export async function readWholeMonth<K extends string, T>(
  key: K,
  readPage: (page: { limit: number; offset: number }) => Promise<Record<K, T[]> & { total: number }>,
): Promise<Record<K, T[]> & { total: number }> {
  const rows: T[] = [];
  let total = 0;
  for (let offset = 0; offset < MONTH_CAP; offset += MONTH_PAGE) {
    const reply = await readPage({ limit: MONTH_PAGE, offset });
    rows.push(...reply[key]);
    total = reply.total;
    if (reply[key].length < MONTH_PAGE || rows.length >= total) break;
  }
  return { [key]: rows, total } as Record<K, T[]> & { total: number };
}
