import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DateRangeField,
  dayRangeError,
  lastDaysIn,
  lastDaysPresets,
  type TDayRange,
} from '@/components/date-range-field';

describe('dayRangeError', () => {
  it('needs both days by default, in order, and at most maxDays', () => {
    expect(dayRangeError({ from: '', to: '2026-03-02' })).toBe('Choose a first and a last day.');
    expect(dayRangeError({ from: '2026-03-05', to: '2026-03-02' })).toBe(
      'The first day must not be after the last day.',
    );
    expect(dayRangeError({ from: '2025-11-30', to: '2026-03-02' }, { maxDays: 92 })).toBe(
      'Choose at most 92 days.',
    );
    expect(dayRangeError({ from: '2025-12-01', to: '2026-03-02' }, { maxDays: 92 })).toBeNull();
  });

  it('lets a range be empty (both-or-neither) or open on one side (any)', () => {
    const both = { needs: 'both-or-neither' } as const;
    expect(dayRangeError({ from: '', to: '' }, both)).toBeNull();
    expect(dayRangeError({ from: '2026-03-01', to: '' }, both)).toBe(
      'Choose a first and a last day.',
    );
    expect(dayRangeError({ from: '2026-03-01', to: '' }, { needs: 'any' })).toBeNull();
    expect(dayRangeError({ from: '2026-03-02', to: '2026-03-01' }, { needs: 'any' })).toBe(
      'The first day must not be after the last day.',
    );
  });

  it('counts the last days in a zone, today included', () => {
    // 23:30 UTC on 1 March is already 2 March in Berlin.
    const now = Date.parse('2026-03-01T23:30:00Z');
    expect(lastDaysIn('Europe/Berlin', 7, now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(lastDaysIn('UTC', 1, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});

function Harness({ initial }: { initial: TDayRange }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeField
      value={range}
      onChange={setRange}
      error={dayRangeError(range)}
      presets={lastDaysPresets('UTC', [7, 30])}
    />
  );
}

describe('DateRangeField', () => {
  it('shows the range error on both fields and pressed presets follow the range', async () => {
    const user = userEvent.setup();
    render(<Harness initial={lastDaysIn('UTC', 7)} />);
    const week = screen.getByRole('button', { name: 'Last 7 days' });
    expect(week).toHaveAttribute('aria-pressed', 'true');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2999-01-01');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
    expect(from).toBeInvalid();
    expect(to).toHaveAccessibleDescription('The first day must not be after the last day.');
    expect(week).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(from).toHaveValue(lastDaysIn('UTC', 30).from);
    expect(to).toHaveAttribute('min', lastDaysIn('UTC', 30).from);
  });
});
