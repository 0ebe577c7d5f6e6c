import { PAGE_SIZES } from '@linksmate/proto/rules';
import { Button, Group, Text } from '@mantine/core';

/**
 * At most `size` page numbers: a window around the current page that stays inside 1…totalPages
 * (the spec's five buttons, moving along so every page can be reached by its number).
 */
export function pageWindow(
  page: number,
  totalPages: number,
  size: number = PAGE_SIZES.maxPageButtons,
): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: Math.max(0, Math.min(size, totalPages)) }, (_, i) => first + i);
}

/**
 * The admin lists' pagination (docs/product.md#admin-sections): 'Showing X to Y of N {noun}', then Previous, up to five
 * page numbers and Next. With a single page only the line shows, unless `hideSinglePage`.
 */
export function ShowingPagination({
  page,
  limit,
  total,
  noun,
  hideSinglePage = false,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  /** Plural, e.g. 'users'. */
  noun: string;
  hideSinglePage?: boolean;
  onPage(page: number): void;
}) {
  const totalPages = Math.ceil(total / limit);
  if (total <= 0 || (hideSinglePage && totalPages <= 1)) return null;
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {from} to {to} of {total} {noun}
      </Text>
      {totalPages > 1 && (
        <Group gap={4} component="nav" aria-label={`Pages of ${noun}`}>
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, totalPages).map((n) => (
            <Button
              key={n}
              size="xs"
              variant={n === page ? 'filled' : 'default'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
