import { Button, Group } from '@mantine/core';

/** docs/product.md#community-limits: at most five page buttons. */
const WINDOW = 5;

/** The pages to offer: five around the current one, shifted to stay within the first and the last. */
export function pageWindow(current: number, total: number): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(WINDOW / 2), total - WINDOW + 1));
  const end = Math.min(total, start + WINDOW - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/** Spec 2 "Venue directory": Previous, up to five windowed page buttons, Next. */
export function PageButtons({
  page,
  totalPages,
  onChange,
  disabled,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label="Venue pages" justify="center" gap={4} wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        px={10}
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          size="sm"
          px={0}
          miw={34}
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          disabled={disabled && number !== page}
          onClick={() => number !== page && onChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button
        variant="default"
        size="sm"
        px={10}
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
