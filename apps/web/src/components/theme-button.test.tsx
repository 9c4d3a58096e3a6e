import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeButton } from '@/components/theme-button';

describe('ThemeButton', () => {
  it('names itself after the mode and cycles light → dark → system on click', async () => {
    const user = userEvent.setup();
    render(<ThemeButton />);
    // Nothing stored: system.
    const button = screen.getByRole('button', { name: 'Theme: system (click to cycle)' });
    expect(button).toHaveAttribute('title', 'Theme: system (click to cycle)');

    await user.click(button);
    expect(screen.getByRole('button', { name: 'Theme: light (click to cycle)' })).toHaveAttribute(
      'title',
      'Theme: light (click to cycle)',
    );
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Theme: light (click to cycle)' }));
    expect(
      screen.getByRole('button', { name: 'Theme: dark (click to cycle)' }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('themeMode')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Theme: dark (click to cycle)' }));
    expect(
      screen.getByRole('button', { name: 'Theme: system (click to cycle)' }),
    ).toBeInTheDocument();
  });
});
