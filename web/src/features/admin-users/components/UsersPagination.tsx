import { PAGE_SIZES } from '@linksmate/proto/rules';
import { Button, Group, Text } from '@mantine/core';

/**
 * The five page numbers to show: the spec's first five, moving along once the current page is past
 * the middle, so every page can be reached by its number.
 */
export function pageWindow(
  page: number,
  totalPages: number,
  size: number = PAGE_SIZES.maxPageButtons,
): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: Math.min(size, totalPages) }, (_, i) => first + i);
}

/** Spec 3 §2: shown only with more than one page; 'Showing X to Y of N users'. */
export function UsersPagination({
  page,
  limit,
  total,
  totalPages,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {from} to {to} of {total} users
      </Text>
      <Group gap={4} component="nav" aria-label="Pages of users">
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
    </Group>
  );
}
