import { Group, Pagination, Text } from '@mantine/core';

/**
 * Spec 3 "Venues management": numbered pages, two either side of the current one, the first and
 * the last with ellipses between, and Previous and Next.
 */
export function VenuePagination({
  page,
  totalPages,
  from,
  to,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  from: number;
  to: number;
  total: number;
  onPage(page: number): void;
}) {
  if (total === 0) return null;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {from}–{to} of {total}
      </Text>
      {totalPages > 1 && (
        <nav aria-label="Pages of venues">
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            siblings={2}
            boundaries={1}
            size="sm"
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) =>
              control === 'previous' ? { 'aria-label': 'Previous page' } : { 'aria-label': 'Next page' }
            }
          />
        </nav>
      )}
    </Group>
  );
}
