import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from '@/components/ui/form-field';

function Field({ error }: { error?: string }) {
  return (
    <FormField label="New password" hint="Use at least 8 characters." error={error}>
      {(field) => <input {...field} />}
    </FormField>
  );
}

describe('FormField', () => {
  it('shows the hint, described by it', () => {
    render(<Field />);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Use at least 8 characters.',
    );
  });

  it('does not repeat the hint when the error says the same thing', () => {
    render(<Field error="Use at least 8 characters." />);
    expect(screen.getAllByText('Use at least 8 characters.')).toHaveLength(1);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Use at least 8 characters.',
    );
  });

  it('keeps a different hint beside the error', () => {
    render(<Field error="The passwords do not match." />);
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });
});
