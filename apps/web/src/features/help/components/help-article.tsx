import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/lib/paths';

/** A help page: title, lead paragraph, sections, and the footer link back to Help home. */
export function HelpArticle({
  title,
  eyebrow,
  lead,
  children,
}: {
  title: string;
  eyebrow?: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(`${title} · Help`);
  return (
    <article className="max-w-3xl">
      <header className="mb-8 border-b border-border pb-6">
        {eyebrow && <p className="text-sm font-medium text-primary">{eyebrow}</p>}
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-balance">{title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{lead}</p>
      </header>
      <div className="grid gap-10">{children}</div>
      <footer className="mt-12 border-t border-border pt-6">
        <Link
          to={paths.help.home}
          className="inline-flex items-center gap-2 rounded text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Help home
        </Link>
      </footer>
    </article>
  );
}

export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 text-[15px] leading-relaxed text-foreground/90 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5"
    >
      <h2 id={id} className="text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link inside help text. */
export function HelpLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

export function HelpTip({ children }: { children: ReactNode }) {
  return (
    <aside className="rounded-lg border border-primary/25 bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground">
      <strong className="font-semibold">Tip: </strong>
      {children}
    </aside>
  );
}
