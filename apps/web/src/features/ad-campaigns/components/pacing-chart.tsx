import { useId } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TCampaignResults } from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { PacingBadge } from '@/components/campaign/pacing-badge';
import { formatShortDay } from '@/lib/local-time';

type TPacing = NonNullable<TCampaignResults['pacing']>;

const axisTick = { fill: 'var(--color-muted-foreground)', fontSize: 11 };
const euros = (micros: number) => micros / 1_000_000;

const STATUS_WORDS: Record<TPacing['status'], string> = {
  ahead: 'Spending faster than the even line: the screens hold it back until the line catches up.',
  'on-track': 'Spending along the even line.',
  behind:
    'Spending slower than the even line: it gets a larger share of the ad slots while screens have room.',
};

/**
 * Spent against the even line (docs/marketplace.md "Pacing"), both cumulative by day: recharts,
 * loaded with the results page only, with the same figures as a table screen readers read.
 */
export function PacingChart({ pacing }: { pacing: TPacing }) {
  const titleId = useId();
  const data = pacing.days.map((day) => ({
    label: formatShortDay(day.day).replace(/^\S+ /, ''),
    even: euros(day.evenMicros),
    spent: day.spentMicros === null ? null : euros(day.spentMicros),
  }));
  const spentNow = pacing.days.findLast((day) => day.spentMicros !== null)?.spentMicros ?? 0;
  return (
    <figure
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
    >
      <figcaption className="grid gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span id={titleId} className="text-sm font-semibold">
            Pacing: spent against the even line
          </span>
          <PacingBadge status={pacing.status} />
        </span>
        <span className="text-sm text-muted-foreground">
          {formatMicros(spentNow)} spent of {formatMicros(pacing.budgetMicros)}; the even line is at{' '}
          {formatMicros(pacing.evenLineMicros)} now. {STATUS_WORDS[pacing.status]} The line spreads
          the budget over the hours the campaign may play (its dates and dayparts, {pacing.timeZone}{' '}
          time).
        </span>
      </figcaption>
      <div aria-hidden className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -8 }}>
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
              tickFormatter={(value: number) => `€${value}`}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              contentStyle={{
                background: 'var(--color-surface)',
                border: '1px solid var(--color-border)',
                borderRadius: 8,
                color: 'var(--color-foreground)',
                fontSize: 12,
              }}
              formatter={(value, name) => [
                formatMicros(Math.round(Number(value) * 1_000_000)),
                name === 'even' ? 'Even line' : 'Spent',
              ]}
            />
            <Line
              dataKey="even"
              stroke="var(--color-muted-foreground)"
              strokeDasharray="5 4"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="spent"
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p aria-hidden className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-5 bg-primary" /> Spent
        </span>
        <span className="flex items-center gap-1.5">
          <span className="w-5 border-t-2 border-dashed border-muted-foreground" /> Even line
        </span>
      </p>
      {/* sr-only on the table itself would not shrink it (a table is as wide as its cells) and
          it overflowed a phone's page sideways; the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>Spent against the even line, to the end of each day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Spent</th>
              <th scope="col">Even line</th>
            </tr>
          </thead>
          <tbody>
            {pacing.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatShortDay(day.day)}</th>
                <td>{day.spentMicros === null ? 'Not yet' : formatMicros(day.spentMicros)}</td>
                <td>{formatMicros(day.evenMicros)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
