import { useSearchParams } from 'react-router-dom';

export type ListParamChanges = Record<string, string | number | null | undefined>;

/**
 * A list's state in the address (filters, sort, page), so a reload or a shared link shows the same
 * list. `update` changes some of it in place of the current entry; a blank value, and page 1, leave
 * the address, and any change but the page's own starts again at page 1 (docs/product.md#admin-states).
 */
export function useListParams(
  options: {
    /** Keep a blank value in the address (where blank means something, e.g. "no end date"). */
    keepBlank?: boolean;
  } = {},
): [URLSearchParams, (changes: ListParamChanges) => void] {
  const [params, setParams] = useSearchParams();
  const update = (changes: ListParamChanges) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const blank = value === '' && !options.keepBlank;
          if (value === null || value === undefined || blank || (key === 'page' && value === 1))
            next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [params, update];
}
