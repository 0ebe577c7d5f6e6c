import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectProcessMetrics, metrics } from '@linksmate/platform';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '../..');
const ALERTS = join(root, 'deploy/prometheus/alerts.yml');
const DASHBOARD = join(root, 'deploy/grafana/linksmate.json');

/** PromQL's own words: functions, aggregations and their modifiers, never metric names. */
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'topk',
  'bottomk',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'rate',
  'irate',
  'increase',
  'delta',
  'histogram_quantile',
  'bool',
  'offset',
]);

/** The metric names a PromQL expression reads. */
export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ') // grouping labels
    .replace(/\[[^\]]*\]/g, ' '); // ranges
  const names = [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word));
  return [...new Set(names)];
}

/** Every series name the processes export: histograms as their _bucket, _sum and _count. */
async function exportedNames(): Promise<Set<string>> {
  collectProcessMetrics();
  const names = new Set(['up']); // Prometheus's own, per scrape target
  for (const metric of await metrics.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

const alertExpressions = () =>
  (
    parse(readFileSync(ALERTS, 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    }
  ).groups
    .flatMap((g) => g.rules)
    .map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }));

const dashboardExpressions = () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  return dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ where: `panel ${panel.title}`, expr: target.expr })),
  );
};

describe('dashboards and alerts in deploy/', () => {
  it('when an expression is read, then its metric names are told from PromQL words, labels and ranges', () => {
    expect(
      metricNamesIn(
        'sum by (service) (rate(http_server_request_duration_seconds_count{status_code=~"5.."}[5m])) / up',
      ),
    ).toEqual(['http_server_request_duration_seconds_count', 'up']);
  });

  it('when the alert rules and the dashboard name a metric, then it is one the processes export', async () => {
    const exported = await exportedNames();
    const unknown = [...alertExpressions(), ...dashboardExpressions()].flatMap(({ where, expr }) =>
      metricNamesIn(expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // Every alert has a runbook line in the README.
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const { where } of alertExpressions()) expect(readme, where).toContain(`\`${where.slice(6)}\``);
  });

  it("when Debian's promtool checks the alert rules and make up's Prometheus configuration, then both are sound", () => {
    for (const args of [
      ['check', 'rules', ALERTS],
      ['check', 'config', join(root, 'deploy/prometheus/prometheus.yml')],
    ]) {
      const check = spawnSync('promtool', args, { encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect(`${check.stdout}${check.stderr}`, args.join(' ')).toContain('SUCCESS');
      expect(check.status).toBe(0);
    }
  });

  it('when the dashboard is read, then every panel queries Prometheus through the chosen data source', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: Array<{ type: string; datasource?: { uid: string }; targets?: unknown[] }>;
    };
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable, not a template.
      expect(panel.datasource?.uid).toBe('${datasource}');
      expect(panel.targets?.length).toBeGreaterThan(0);
    }
  });
});

describe("make up's traces", () => {
  type Compose = {
    services: Record<string, { image?: string; environment?: Record<string, string>; command?: string[] }>;
  };
  const compose = () =>
    parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as Compose;
  const APP_PROCESSES = [
    'gateway',
    'identity',
    'membership-payments',
    'events-bookings',
    'venues-coaches',
    'messaging',
    'admin',
  ];

  it("when compose is read, then every process sends its spans to the collector's OTLP/HTTP port, and the collector passes them to Jaeger", () => {
    const { services } = compose();
    for (const name of APP_PROCESSES)
      expect(services[name]?.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's variable, not a template.
        '${OTEL_EXPORTER_OTLP_ENDPOINT-http://otel-collector:4318}',
      );
    expect(services['otel-collector']?.image).toMatch(/^otel\/opentelemetry-collector(-contrib)?:\d/);
    expect(services.jaeger?.image).toMatch(/^jaegertracing\/jaeger:2\./);
    const collector = parse(readFileSync(join(root, 'deploy/otel/collector.yaml'), 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    expect(collector.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    const { traces } = collector.service.pipelines;
    expect(traces.receivers).toContain('otlp');
    expect(traces.exporters.map((name) => collector.exporters[name]?.endpoint)).toEqual(['jaeger:4317']);
  });

  it("when the k8s base configuration is read, then it names the collector's endpoint", () => {
    const config = readFileSync(join(root, 'k8s/base/config.env'), 'utf8');
    expect(config).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT=http:\/\/\S+:4318$/m);
  });
});
