/**
 * A small line of the index's history (docs/product.md#rounds), newest on the right. A lower index is
 * a better one, so the line is drawn with lower values higher up, as golfers read a handicap chart.
 */
export function Sparkline({
  points,
  width = 160,
  height = 40,
}: {
  points: ReadonlyArray<{ date: string; index: number }>;
  width?: number;
  height?: number;
}) {
  if (points.length < 2) return null;
  const values = points.map((p) => p.index);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const pad = 3;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / (points.length - 1);
  // Lower index, higher on the chart.
  const y = (value: number) => pad + ((value - low) * (height - 2 * pad)) / span;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.index).toFixed(1)}`).join(' ');
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Handicap index history: ${first.index.toFixed(1)} on ${first.date} to ${last.index.toFixed(1)} on ${last.date}, ${points.length} revisions`}
      data-testid="handicap-sparkline"
    >
      <polyline points={line} fill="none" stroke="var(--mantine-color-fairway-7, #2b8a3e)" strokeWidth={2} />
      <circle
        cx={x(points.length - 1)}
        cy={y(last.index)}
        r={3}
        fill="var(--mantine-color-fairway-7, #2b8a3e)"
      />
    </svg>
  );
}
