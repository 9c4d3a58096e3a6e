import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Search, SearchX, X } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { filterHelpSections } from '@/features/help/help-topics';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

/**
 * /help: every topic as a card, grouped by who it is for, with a search field that filters the
 * cards by title, summary and keywords. The query lives in `?q=` (replace navigation), so a
 * visitor who opens a topic and comes back finds the same results.
 */
export function HelpHomePage() {
  usePageTitle('Help');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const sections = filterHelpSections(query);
  const count = sections.reduce((sum, section) => sum + section.topics.length, 0);
  const searchId = useId();
  const statusId = useId();

  const setQuery = (value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div>
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">How can we help?</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
          Guides for screen owners, ad buyers and the Screenline TV player. New here? Start with{' '}
          <Link
            to={paths.help.introduction}
            className="rounded font-medium text-primary hover:underline"
          >
            What is Screenline?
          </Link>
        </p>
      </header>

      <div role="search" className="mb-10 max-w-xl">
        <Label htmlFor={searchId}>Search help</Label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. top-up, QR code, schedule"
            aria-describedby={statusId}
            autoComplete="off"
            className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {query && (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label="Clear search"
              className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
        <p id={statusId} role="status" className="mt-2 text-sm text-muted-foreground">
          {query ? `${count} ${count === 1 ? 'topic matches' : 'topics match'} “${query}”.` : ''}
        </p>
      </div>

      {sections.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No topic matches your search"
          description={
            <>
              Try another word, such as “wallet” or “TV”, or{' '}
              <Link to={paths.contact} className="font-medium text-primary hover:underline">
                ask us directly
              </Link>
              .
            </>
          }
        >
          <button
            type="button"
            onClick={() => setQuery('')}
            className="mt-4 rounded-md text-sm font-medium text-primary hover:underline"
          >
            Show all topics
          </button>
        </EmptyState>
      ) : (
        <div className="grid gap-10">
          {sections.map((section) => (
            <section key={section.label} aria-labelledby={`help-${section.label}`}>
              <h2
                id={`help-${section.label}`}
                className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {section.label}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {section.topics.map(({ to, title, summary, icon: Icon }) => (
                  <li key={to}>
                    <Link
                      to={to}
                      className="group flex h-full gap-4 rounded-xl border border-border bg-surface p-5 shadow-xs transition-colors hover:border-primary/40 hover:bg-surface-muted/50"
                    >
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                        <Icon aria-hidden className="size-5" />
                      </span>
                      <span>
                        <span className="block font-semibold group-hover:text-primary">
                          {title}
                        </span>
                        <span className="mt-1 block text-sm text-muted-foreground">{summary}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
