import { Link } from 'react-router';
import { ArrowRight, Check, LifeBuoy, type LucideIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TAuthUser } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

export type TGettingStartedStep = {
  title: string;
  text: string;
  to: string;
  action: string;
  icon: LucideIcon;
  /** Known to be done already; steps whose feature does not exist yet are never marked. */
  isDone?: boolean;
};

function firstName(user: TAuthUser): string {
  return user.name.trim().split(/\s+/)[0] || user.email;
}

/** Welcome header for a role dashboard. */
export function WelcomeHeader({
  user,
  roleLabel,
  summary,
}: {
  user: TAuthUser;
  roleLabel: string;
  summary: string;
}) {
  return (
    <header className="mb-8">
      <p className="text-sm font-medium text-primary">{roleLabel}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
        Welcome, {firstName(user)}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{summary}</p>
      {!user.emailVerified && (
        <Alert tone="info" className="mt-5" title="Verify your email">
          We sent you a link when you signed up. Verifying keeps your account recoverable.{' '}
          <Link to={paths.profile} className="rounded font-medium underline underline-offset-4">
            Resend it from your profile
          </Link>
        </Alert>
      )}
    </header>
  );
}

/** Numbered steps, each a real link to the page where it is done. */
export function GettingStarted({
  steps,
  helpTo,
  hasTvs,
  description = 'Work through these in order; each step opens the page where it is done.',
}: {
  steps: TGettingStartedStep[];
  helpTo: string;
  /** Screen owners connect TVs; ad buyers never do. */
  hasTvs: boolean;
  description?: string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <Card aria-labelledby="getting-started-title">
        <CardHeader>
          <CardTitle id="getting-started-title">Getting started</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3">
            {steps.map(({ title, text, to, action, icon: Icon, isDone = false }, index) => (
              <li key={title}>
                <Link
                  to={to}
                  className="group flex items-start gap-4 rounded-lg border border-border p-4 transition-colors hover:border-primary/40 hover:bg-surface-muted"
                >
                  {isDone ? (
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
                      <Check aria-hidden className="size-5" />
                    </span>
                  ) : (
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground">
                      {index + 1}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      <Icon aria-hidden className="size-4 text-muted-foreground" />
                      {title}
                      {isDone && (
                        <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-soft-foreground">
                          Done
                        </span>
                      )}
                    </span>
                    <span className="mt-0.5 block text-sm text-muted-foreground">{text}</span>
                    <span className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary">
                      {action}
                      <ArrowRight
                        aria-hidden
                        className="size-4 transition-transform group-hover:translate-x-0.5"
                      />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <HelpCard helpTo={helpTo} hasTvs={hasTvs} />
    </div>
  );
}

/** Where to read more: the role's guide, connecting a TV (screen owners), contact. */
export function HelpCard({
  helpTo,
  hasTvs,
  className,
}: {
  helpTo: string;
  hasTvs: boolean;
  className?: string;
}) {
  return (
    <Card className={cn('self-start', className)}>
      <CardHeader>
        <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <LifeBuoy aria-hidden className="size-5" />
        </div>
        <CardTitle>Need a hand?</CardTitle>
        <CardDescription>
          {hasTvs
            ? 'The help center explains every page, including how to connect a TV.'
            : 'The help center explains every page of your account.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <Link to={helpTo} className="rounded font-medium text-primary hover:underline">
          Read the guide for your role
        </Link>
        {hasTvs && (
          <Link
            to={paths.help.tvSignIn}
            className="rounded font-medium text-primary hover:underline"
          >
            Connect a TV
          </Link>
        )}
        <Link to={paths.contact} className="rounded font-medium text-primary hover:underline">
          Contact us
        </Link>
      </CardContent>
    </Card>
  );
}
