import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Megaphone, MonitorPlay, type LucideIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ROLE_LABELS, ZOnboarding, type TRole } from '@screenline/shared/user';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateMe } from '@/lib/api/update-me';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { homeFor, roleDashboard } from '@/lib/redirect';
import { cn } from '@/lib/utils';

const ROLE_CARDS: { role: TRole; description: string; icon: LucideIcon }[] = [
  {
    role: 'advertiser',
    description:
      'I run screens in my venues and want to manage what they play, and earn from their ad slots.',
    icon: MonitorPlay,
  },
  {
    role: 'publisher',
    description: 'I want to buy ad time on other people’s screens to reach customers near them.',
    icon: Megaphone,
  },
];

/** /onboarding: choose a role (once), name and company, then go to that role's dashboard. */
export function OnboardingPage() {
  usePageTitle('Welcome');
  const { user, update, refresh } = useAuth();
  const navigate = useNavigate();
  const updateMe = useUpdateMe();
  const [serverError, setServerError] = useState<string | null>(null);

  // The sign-up name is the email's local part; do not present it as the person's real name.
  const suggestedName = user && user.name !== user.email.split('@')[0] ? user.name : '';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZOnboarding),
    defaultValues: { role: undefined, name: suggestedName, company: user?.company ?? '' },
  });

  if (!user) return null;
  if (user.role) return <Navigate to={roleDashboard(user.role)} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const me = await updateMe.mutateAsync(values);
      update(me);
      toast.success('Your account is ready.');
      await navigate(me.role ? roleDashboard(me.role) : homeFor(me), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'role-already-set') {
        // Chosen in another tab: read it, and the page sends the user to that dashboard.
        await refresh();
        return;
      }
      setServerError(errorMessage(error));
    }
  });

  const roleError = errors.role ? 'Choose how you will use Screenline.' : undefined;

  return (
    <>
      <header className="mb-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome to Screenline</h1>
        <p className="mx-auto mt-2 max-w-lg text-muted-foreground">
          Tell us how you will use Screenline. This sets up your pages; it cannot be changed later
          without contacting support.
        </p>
      </header>
      {user.isSU && (
        // A super-user needs no role to do their work (issue 21 item 1): say where it is.
        <Alert tone="info" title="You are a super-user" className="mb-8">
          The approval queues and the other admin pages need no role.{' '}
          <Link to={paths.admin.root} className="font-medium underline underline-offset-4">
            Go to the admin pages
          </Link>
          . Choose a role here only if you also run screens or buy ad time yourself.
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-8">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <fieldset aria-describedby={roleError ? 'role-error' : undefined}>
          <legend className="mb-3 text-sm font-medium">I am a…</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {ROLE_CARDS.map(({ role, description, icon: Icon }) => (
              <label key={role} className="relative block cursor-pointer">
                {/* The native radio covers the card (invisible) so every click and keystroke reaches it. */}
                <input
                  type="radio"
                  value={role}
                  className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl focus:outline-none"
                  aria-describedby={`role-${role}-description`}
                  {...register('role')}
                />
                <span
                  className={cn(
                    'relative flex h-full flex-col gap-3 rounded-xl border-2 border-border bg-surface p-5 transition-colors',
                    'peer-hover:border-primary/40 peer-checked:border-primary peer-checked:bg-primary-soft/60',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                    '[&_.radio-dot]:opacity-0 peer-checked:[&_.radio-dot]:opacity-100 peer-checked:[&_.radio-ring]:border-primary',
                  )}
                >
                  <span
                    aria-hidden
                    className="radio-ring absolute top-4 right-4 flex size-5 items-center justify-center rounded-full border-2 border-input"
                  >
                    <span className="radio-dot size-2.5 rounded-full bg-primary" />
                  </span>
                  <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <span className="text-base font-semibold">{ROLE_LABELS[role]}</span>
                  <span id={`role-${role}-description`} className="text-sm text-muted-foreground">
                    {description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {roleError && (
            <p id="role-error" className="mt-2 text-xs font-medium text-danger">
              {roleError}
            </p>
          )}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Your name" error={errors.name?.message}>
            {(field) => <Input {...field} autoComplete="name" {...register('name')} />}
          </FormField>
          <FormField label="Company" error={errors.company?.message}>
            {(field) => <Input {...field} autoComplete="organization" {...register('company')} />}
          </FormField>
        </div>

        <div className="flex justify-end">
          <Button type="submit" size="lg" isPending={isSubmitting} className="w-full sm:w-auto">
            Continue
          </Button>
        </div>
      </form>
    </>
  );
}
