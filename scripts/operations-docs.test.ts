import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetrics } from '../apps/api/src/lib/metrics-registry.ts';

/**
 * The example alert rules and the Grafana dashboard of docs/operations (decision 052) may only
 * name metrics the API exports, so that a renamed metric cannot leave them silently empty.
 */

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, 'docs/operations', file), 'utf8');

/** Every series name the API's registry produces (histograms as _bucket, _sum, _count). */
function exportedNames(): Set<string> {
  const { registry } = createMetrics();
  const names = new Set<string>(['up']); // added by Prometheus to every scrape target
  for (const metric of registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    if (type === 'histogram') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    } else if (type === 'summary') {
      for (const suffix of ['', '_sum', '_count']) names.add(name + suffix);
    } else {
      names.add(name);
    }
  }
  return names;
}

const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (not its functions, labels or keywords). */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // label lists
    .replace(/\$\{?\w+\}?/g, ''); // Grafana variables
  const names: string[] = [];
  for (const match of stripped.matchAll(/[a-zA-Z_:][\w:]*(\s*\()?/g)) {
    if (match[1]) continue; // a function call
    const word = match[0];
    if (PROMQL_WORDS.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

interface AlertRule {
  alert?: string;
  record?: string;
  expr: string;
}

function alertExpressions(): { name: string; expr: string }[] {
  const doc = parse(read('prometheus-alerts.yml')) as { groups: { rules: AlertRule[] }[] };
  return doc.groups.flatMap((group) =>
    group.rules.map((rule) => ({ name: rule.alert ?? rule.record ?? '?', expr: rule.expr })),
  );
}

function dashboardExpressions(): { name: string; expr: string }[] {
  const found: { name: string; expr: string }[] = [];
  const walk = (node: unknown, title: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, title);
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const here = typeof record.title === 'string' ? record.title : title;
      if (typeof record.expr === 'string') found.push({ name: here, expr: record.expr });
      for (const value of Object.values(record)) walk(value, here);
    }
  };
  walk(JSON.parse(read('grafana-dashboard.json')), '');
  return found;
}

describe('the operations docs', () => {
  const exported = exportedNames();

  it('reads the names of a PromQL expression', () => {
    expect(
      metricNamesOf(
        'sum by (le) (rate(http_request_duration_seconds_bucket{route!="/x"}[5m])) > 1 and on() hour() >= 12',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
  });

  it('alerts only on metrics the API exports', () => {
    const rules = alertExpressions();
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) {
      const names = metricNamesOf(rule.expr);
      expect(names.length, `${rule.name} reads no metric`).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${rule.name}: ${name}`).toContain(name);
    }
  });

  it('charts only metrics the API exports, and every business figure', () => {
    const panels = dashboardExpressions();
    expect(panels.length).toBeGreaterThanOrEqual(10);
    const used = new Set<string>();
    for (const panel of panels) {
      for (const name of metricNamesOf(panel.expr)) {
        expect(exported, `${panel.name}: ${name}`).toContain(name);
        used.add(name.replace(/_(bucket|sum|count)$/, ''));
      }
    }
    const business = [...exported].filter((name) => name.startsWith('permuta_'));
    for (const name of business) {
      expect(used, `the dashboard does not chart ${name}`).toContain(
        name.replace(/_(bucket|sum|count)$/, ''),
      );
    }
  });

  it('aggregates the figures read from the shared database with max or min, never sum', () => {
    const shared =
      /permuta_(orders|jobs_|incoming_payments|payouts_held|stock_|figures_read_ok)\w*/;
    for (const { name, expr } of [...alertExpressions(), ...dashboardExpressions()]) {
      if (!shared.test(expr)) continue;
      expect(expr, name).not.toMatch(
        /\bsum\b[^(]*\(\s*(delta|increase|rate)?\(?\s*permuta_(orders|jobs_|incoming|payouts_held|stock_)/,
      );
    }
  });
});
