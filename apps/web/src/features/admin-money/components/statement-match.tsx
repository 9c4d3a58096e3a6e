import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { findReference } from '@screenline/shared/payment';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * Matches a bank transfer to its top-up (issue 22 item 4): the super-user pastes what the bank
 * statement says; the list keeps the top-up whose reference it names (the server reads it as
 * `findReference` does, forgiving spaces, dashes and case).
 */
export function StatementMatch({
  statement,
  onChange,
}: {
  statement: string;
  onChange: (statement: string) => void;
}) {
  const [text, setText] = useState(statement);
  const noteId = useId();
  const found = statement ? findReference(statement) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(text.trim());
  };
  return (
    <form
      role="search"
      aria-label="Match a bank transfer"
      onSubmit={submit}
      className="mb-4 grid gap-2"
    >
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          label="Reference on the bank statement"
          hint="Paste the transfer’s reference or description; the top-up it names is listed."
          className="w-full sm:w-96"
        >
          {(control) => (
            <Input
              {...control}
              value={text}
              autoComplete="off"
              placeholder="e.g. SL-7KQ2-M9XD"
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          Match
        </Button>
        {statement && (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              onChange('');
            }}
          >
            Show all
          </Button>
        )}
      </div>
      {statement && (
        <p id={noteId} role="status" className="text-sm text-muted-foreground">
          {found
            ? `Looking for the reference ${found}.`
            : 'No SL- reference was found in that text; looking for a top-up whose buyer wrote exactly this.'}
        </p>
      )}
    </form>
  );
}
