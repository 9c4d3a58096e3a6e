import { Link } from 'react-router';
import { HELP_SECTIONS } from '@/features/help/help-topics';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

/** /help: every topic as a card, grouped by who it is for. */
export function HelpHomePage() {
  usePageTitle('Help');
  return (
    <div>
      <header className="mb-10">
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
      <div className="grid gap-10">
        {HELP_SECTIONS.map((section) => (
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
                      <span className="block font-semibold group-hover:text-primary">{title}</span>
                      <span className="mt-1 block text-sm text-muted-foreground">{summary}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
