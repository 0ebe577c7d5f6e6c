import { PAGE_SIZES } from '@linksmate/proto/rules';
import { Button, Group, Text } from '@mantine/core';

/** At most `size` page numbers, a window around the current page that stays inside 1…totalPages. */
export function pageWindow(
  page: number,
  totalPages: number,
  size: number = PAGE_SIZES.maxPageButtons,
): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: Math.max(0, Math.min(size, totalPages)) }, (_, i) => first + i);
}

/** 'Showing X to Y of N transactions', with Previous, the page numbers and Next when there are pages. */
export function TransactionsPagination({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage(page: number): void;
}) {
  if (total <= 0) return null;
  const totalPages = Math.ceil(total / limit);
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {from} to {to} of {total} transactions
      </Text>
      {totalPages > 1 && (
        <Group gap={4} component="nav" aria-label="Pages of transactions">
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
