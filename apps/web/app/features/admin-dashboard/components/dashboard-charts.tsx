import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { useId, useState, type ReactNode } from 'react';
import { tokenLabel } from '@permuta/contracts/catalogue';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Button,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import type { Dashboard } from '@permuta/contracts/dashboard';
import type { OrderStatus } from '@permuta/contracts/order-state';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import type { Locale } from '../../../lib/locale.ts';
import {
  customersChart,
  formatCount,
  hasOrders,
  numberFormatter,
  ordersChart,
  pairKey,
  priceCharts,
  tableDay,
  volumeChart,
} from '../chart-data.ts';
import classes from './dashboard.module.css';

/** Each status keeps the hue of its badge on the order screens. */
const STATUS_HUE: Record<OrderStatus, string> = {
  pending: 'yellow',
  user_confirmed: 'blue',
  paid: 'cyan',
  admin_confirmed: 'indigo',
  processing: 'violet',
  admin_paid: 'teal',
  completed: 'green',
  canceled: 'gray',
  refunded: 'orange',
  error: 'red',
};
const SERIES_HUES = ['blue', 'orange', 'green', 'grape', 'cyan', 'yellow', 'pink', 'lime'];
const CHART_HEIGHT = 260;

/**
 * A shade that stands out on the page: light shades on the dark theme's papers, dark ones on
 * white (both above 3:1 for graphics).
 */
function useShade() {
  const scheme = useComputedColorScheme('dark');
  return (hue: string) => `${hue}.${scheme === 'dark' ? 4 : 7}`;
}

/** `blue.4` as the CSS colour Mantine defines for it. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

interface LegendItem {
  label: string;
  color: string;
}

/** The series of a chart: a swatch and a name each, above the plot, wrapping on small screens. */
function SeriesLegend({ items }: { items: LegendItem[] }) {
  return (
    <Group gap="xs" wrap="wrap" className={classes.legend}>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColor(item.color)} size={12} withShadow={false} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A chart with its title and help, drawn for the eye only (hidden from assistive technology),
 * and the same data as a table: always read by screen readers, shown on request.
 */
function ChartCard({
  title,
  help,
  testId,
  empty,
  legend,
  chart,
  table,
}: {
  title: string;
  help: string;
  testId: string;
  /** what to say instead of a chart with nothing to draw */
  empty: string | null;
  legend?: LegendItem[];
  chart: ReactNode;
  table: (shown: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const titleId = useId();
  const tableId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: '1 1 220px' }}>
            <Title order={3} size="h5" id={titleId}>
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {help}
            </Text>
          </Stack>
          {empty === null && (
            <Button
              variant="default"
              size="xs"
              aria-expanded={shown}
              aria-controls={tableId}
              onClick={() => setShown((value) => !value)}
            >
              {shown ? t('adminDashboard.charts.hideTable') : t('adminDashboard.charts.showTable')}
            </Button>
          )}
        </Group>
        {empty === null ? (
          <>
            <div className={classes.chart} aria-hidden="true" data-testid={`${testId}-chart`}>
              {legend && <SeriesLegend items={legend} />}
              {chart}
            </div>
            <div
              id={tableId}
              className={shown ? undefined : classes.tableHidden}
              data-testid={`${testId}-table`}
            >
              {table(shown)}
            </div>
          </>
        ) : (
          <Text size="sm" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function DataTable({
  caption,
  head,
  rows,
  shown,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: string[] }[];
  /** on screen: it scrolls sideways in a focusable region; hidden, it is only read aloud */
  shown: boolean;
}) {
  const table = (
    <Table striped verticalSpacing={4} fz="sm" miw={shown ? Math.max(320, head.length * 120) : 0}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((label) => (
            <Table.Th key={label} scope="col">
              {label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!shown) return table;
  return (
    // a region that scrolls sideways must be reachable with the keyboard
    <div className={classes.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      {table}
    </div>
  );
}

/** The four charts of the last weeks, each with its table alternative. */
export function DashboardCharts({ dashboard, locale }: { dashboard: Dashboard; locale: Locale }) {
  const { t } = useTranslation();
  const shade = useShade();
  const counts = numberFormatter(locale, 0);
  const money = numberFormatter(locale, 2);
  const noOrders = !hasOrders(dashboard.ordersPerDay);
  const day = t('adminDashboard.charts.day');

  const orders = ordersChart(dashboard.ordersPerDay, locale);
  const statusName = (status: OrderStatus) => t(`adminOrders.status.${status}`);
  const orderSeries = orders.statuses.map((status) => ({
    name: status,
    label: statusName(status),
    color: shade(STATUS_HUE[status]),
  }));

  const volume = volumeChart(dashboard.volumePerPair, locale);
  const pairName = (pair: { send: string; receive: string }) =>
    t('adminDashboard.charts.volume.pair', pair);
  const volumeSeries = dashboard.volumePerPair.map((pair, i) => ({
    name: pairKey(pair),
    label: pairName(pair),
    color: shade(SERIES_HUES[i % SERIES_HUES.length] ?? 'blue'),
  }));

  const customers = customersChart(dashboard.newCustomersPerWeek, locale);
  const noCustomers = dashboard.newCustomersPerWeek.every((w) => w.count === 0);

  const prices = priceCharts(dashboard.prices, locale);
  const noPrices = !prices.some((p) => p.hasPrices);

  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-charts-title">
      <Title order={2} size="h3" id="dashboard-charts-title">
        {t('adminDashboard.charts.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          testId="chart-orders"
          title={t('adminDashboard.charts.ordersPerDay.title')}
          help={t('adminDashboard.charts.ordersPerDay.help')}
          empty={noOrders ? t('adminDashboard.charts.empty') : null}
          legend={orderSeries}
          chart={
            <BarChart
              h={CHART_HEIGHT}
              data={orders.rows}
              dataKey="day"
              type="stacked"
              series={orderSeries}
              valueFormatter={counts}
              yAxisProps={{ allowDecimals: false }}
              xAxisLabel={day}
              yAxisLabel={t('adminDashboard.charts.ordersPerDay.yAxis')}
              accessibilityLayer={false}
              tooltipAnimationDuration={0}
            />
          }
          table={(shown) => (
            <DataTable
              shown={shown}
              caption={t('adminDashboard.charts.ordersPerDay.caption')}
              head={[day, ...orders.statuses.map(statusName), t('adminDashboard.charts.total')]}
              rows={dashboard.ordersPerDay.map((d) => ({
                key: d.date,
                cells: [
                  tableDay(d.date, locale),
                  ...orders.statuses.map((status) => formatCount(d.counts[status], locale)),
                  formatCount(d.total, locale),
                ],
              }))}
            />
          )}
        />

        <ChartCard
          testId="chart-volume"
          title={t('adminDashboard.charts.volume.title')}
          help={t('adminDashboard.charts.volume.help')}
          empty={
            noOrders
              ? t('adminDashboard.charts.empty')
              : volume.keys.length === 0
                ? t('adminDashboard.charts.volume.empty')
                : null
          }
          legend={volumeSeries}
          chart={
            <LineChart
              h={CHART_HEIGHT}
              data={volume.rows}
              dataKey="day"
              series={volumeSeries}
              valueFormatter={money}
              xAxisLabel={day}
              yAxisLabel={t('adminDashboard.charts.volume.yAxis')}
              yAxisProps={{ width: 80 }}
              curveType="linear"
              accessibilityLayer={false}
              tooltipAnimationDuration={0}
            />
          }
          table={(shown) => (
            <DataTable
              shown={shown}
              caption={t('adminDashboard.charts.volume.caption')}
              head={[
                day,
                ...dashboard.volumePerPair.flatMap((pair) => [
                  t('adminDashboard.charts.volume.amount', { pair: pairName(pair) }),
                  t('adminDashboard.charts.volume.brl', { pair: pairName(pair) }),
                ]),
              ]}
              rows={(dashboard.volumePerPair[0]?.days ?? []).map((d, i) => ({
                key: d.date,
                cells: [
                  tableDay(d.date, locale),
                  ...dashboard.volumePerPair.flatMap((pair) => {
                    const of = pair.days[i];
                    return [
                      formatAmount(of?.amountSend ?? '0', locale),
                      formatAmount(of?.amountBrl ?? '0.00', locale, { minDecimals: 2 }),
                    ];
                  }),
                ],
              }))}
            />
          )}
        />

        <ChartCard
          testId="chart-customers"
          title={t('adminDashboard.charts.customers.title')}
          help={t('adminDashboard.charts.customers.help')}
          empty={noCustomers ? t('adminDashboard.charts.customers.empty') : null}
          chart={
            <BarChart
              h={CHART_HEIGHT}
              data={customers}
              dataKey="day"
              series={[
                {
                  name: 'count',
                  label: t('adminDashboard.charts.customers.series'),
                  color: shade('blue'),
                },
              ]}
              valueFormatter={counts}
              yAxisProps={{ allowDecimals: false }}
              xAxisLabel={t('adminDashboard.charts.week')}
              yAxisLabel={t('adminDashboard.charts.customers.yAxis')}
              accessibilityLayer={false}
              tooltipAnimationDuration={0}
            />
          }
          table={(shown) => (
            <DataTable
              shown={shown}
              caption={t('adminDashboard.charts.customers.caption')}
              head={[t('adminDashboard.charts.week'), t('adminDashboard.charts.customers.series')]}
              rows={dashboard.newCustomersPerWeek.map((w) => ({
                key: w.weekStart,
                cells: [tableDay(w.weekStart, locale), formatCount(w.count, locale)],
              }))}
            />
          )}
        />

        <ChartCard
          testId="chart-prices"
          title={t('adminDashboard.charts.prices.title')}
          help={t('adminDashboard.charts.prices.help')}
          empty={noPrices ? t('adminDashboard.charts.prices.empty') : null}
          chart={
            <Stack gap="xs">
              {prices.map((token, i) => {
                const series = {
                  name: 'price',
                  label: tokenLabel({ code: token.token, name: token.name }),
                  color: shade(SERIES_HUES[(i + 3) % SERIES_HUES.length] ?? 'grape'),
                };
                return (
                  <Stack key={token.token} gap={4}>
                    <SeriesLegend items={[series]} />
                    <LineChart
                      h={prices.length > 1 ? Math.round(CHART_HEIGHT / 1.4) : CHART_HEIGHT}
                      data={token.rows}
                      dataKey="day"
                      series={[series]}
                      valueFormatter={money}
                      xAxisLabel={day}
                      yAxisLabel={t('adminDashboard.charts.prices.yAxis')}
                      yAxisProps={{ width: 80, domain: ['auto', 'auto'] }}
                      withDots={false}
                      curveType="linear"
                      accessibilityLayer={false}
                      tooltipAnimationDuration={0}
                    />
                  </Stack>
                );
              })}
            </Stack>
          }
          table={(shown) => (
            <DataTable
              shown={shown}
              caption={t('adminDashboard.charts.prices.caption')}
              head={[day, ...dashboard.prices.map((p) => `${p.token} (BRL)`)]}
              rows={(dashboard.prices[0]?.days ?? []).map((d, i) => ({
                key: d.date,
                cells: [
                  tableDay(d.date, locale),
                  ...dashboard.prices.map((p) => {
                    const price = p.days[i]?.priceBrl ?? null;
                    return price === null
                      ? t('adminDashboard.charts.prices.noPrice')
                      : formatAmount(price, locale);
                  }),
                ],
              }))}
            />
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
