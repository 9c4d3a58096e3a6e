import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TCampaignResults } from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { formatCount } from '@/lib/campaign-format';
import { formatShortDay } from '@/lib/local-time';

type TDay = TCampaignResults['byDay'][number];

const SERIES = [
  {
    key: 'impressions',
    title: 'Impressions by day',
    value: (day: TDay) => day.impressions,
    format: (value: number) => formatCount(value),
    color: 'var(--color-primary)',
  },
  {
    key: 'spend',
    title: 'Spend by day',
    value: (day: TDay) => day.spentMicros / 1_000_000,
    format: (value: number) => formatMicros(Math.round(value * 1_000_000)),
    color: 'var(--color-warning-soft-foreground)',
  },
  {
    key: 'scans',
    title: 'QR scans by day',
    value: (day: TDay) => day.qrScans,
    format: (value: number) => formatCount(value),
    color: 'var(--color-success-soft-foreground)',
  },
] as const;

const axisTick = { fill: 'var(--color-muted-foreground)', fontSize: 11 };

/**
 * Impressions, spend and QR scans per day as bar charts (recharts, loaded with the results page
 * only), each with the same figures as a table that screen readers read.
 */
export function ResultsCharts({ days }: { days: readonly TDay[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {SERIES.map((series) => {
        const data = days.map((day) => ({
          label: formatShortDay(day.day).replace(/^\S+ /, ''),
          value: series.value(day),
        }));
        return (
          <figure
            key={series.key}
            className="grid gap-2 rounded-xl border border-border bg-surface p-4 shadow-xs"
          >
            <figcaption className="text-sm font-semibold">{series.title}</figcaption>
            <div aria-hidden className="h-44">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
                  <CartesianGrid vertical={false} stroke="var(--color-border)" />
                  <XAxis
                    dataKey="label"
                    tick={axisTick}
                    tickLine={false}
                    axisLine={{ stroke: 'var(--color-border)' }}
                    minTickGap={12}
                  />
                  <YAxis
                    tick={axisTick}
                    tickFormatter={(value: number) =>
                      series.key === 'spend' ? `€${value}` : `${value}`
                    }
                    tickLine={false}
                    axisLine={false}
                    allowDecimals={series.key === 'spend'}
                  />
                  <Tooltip
                    cursor={{ fill: 'var(--color-surface-muted)' }}
                    contentStyle={{
                      background: 'var(--color-surface)',
                      border: '1px solid var(--color-border)',
                      borderRadius: 8,
                      color: 'var(--color-foreground)',
                      fontSize: 12,
                    }}
                    formatter={(value) => [
                      series.format(Number(value)),
                      series.title.replace(' by day', ''),
                    ]}
                  />
                  <Bar dataKey="value" fill={series.color} radius={[3, 3, 0, 0]} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <div className="sr-only">
              <table>
                <caption>{series.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">{series.title.replace(' by day', '')}</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{formatShortDay(day.day)}</th>
                      <td>{series.format(series.value(day))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
