import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ROLE_LABELS } from '@screenline/shared/user';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { DeleteAccountCard } from '@/features/profile/components/delete-account-card';
import { ScreenAlertsCard } from '@/features/profile/components/screen-alerts-card';
import { SignOutEverywhereCard } from '@/features/profile/components/sign-out-everywhere-card';
import { EmailCard } from '@/features/profile/components/email-card';
import { ProfileDetailsCard } from '@/features/profile/components/profile-details-card';
import { TwoFactorCard } from '@/features/profile/components/two-factor-card';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePasswordPolicy } from '@/lib/api/get-password-policy';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

/**
 * /profile: details, email verification, password, screen alerts (screen owners), two-factor
 * sign-in, deleting the account.
 */
export function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const policy = usePasswordPolicy();
  const hasUser = user !== null;
  // /profile#two-factor (a super-user sent to enrol, the payout dialog's link) opens at the card.
  useEffect(() => {
    if (hasUser && hash === '#two-factor') document.getElementById('two-factor')?.focus();
  }, [hash, hasUser]);
  if (!user) return null;

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, sign-in email, password, two-factor sign-in and account."
      />
      <div className="grid max-w-3xl gap-6">
        {params.get('verified') === '1' && user.emailVerified && (
          <Alert tone="success" title="Your email is verified">
            Thank you. Your account can now be recovered through {user.email}.
          </Alert>
        )}
        <ProfileDetailsCard user={user} />
        <EmailCard user={user} linkErrorCode={params.get('error')} />
        <Card aria-labelledby="account-type-title">
          <CardHeader>
            <CardTitle id="account-type-title">Account type</CardTitle>
            <CardDescription>
              Chosen when you set up your account. To change it,{' '}
              <Link to={paths.contact} className="rounded font-medium text-primary hover:underline">
                contact us
              </Link>
              .
            </CardDescription>
          </CardHeader>
          <CardContent className="text-sm">
            {user.role ? (
              <span className="font-medium">{ROLE_LABELS[user.role]}</span>
            ) : (
              <Link
                to={paths.onboarding}
                className="rounded font-medium text-primary hover:underline"
              >
                Not chosen yet: choose your role
              </Link>
            )}
            {user.isSU && <span className="ml-2 text-muted-foreground">· Administrator</span>}
          </CardContent>
        </Card>
        {policy.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading" className="text-primary" />
          </div>
        ) : (
          <ChangePasswordCard minLength={policy.minLength} />
        )}
        {user.role === 'advertiser' && <ScreenAlertsCard />}
        <TwoFactorCard isRequired={user.isSU || params.get('two-factor') === 'required'} />
        <SignOutEverywhereCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
