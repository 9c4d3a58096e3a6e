import { useState } from 'react';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { authErrorMessage } from '@screenline/shared/auth-messages';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authClient, runAuthAction } from '@/lib/auth-client';
import type { TAuthUser } from '@/lib/auth-context';
import { EMAIL_VERIFIED_LANDING } from '@/lib/paths';

/**
 * Email and its verification state. The link in the email lands on /profile, or on
 * /profile?error=… when it was invalid or expired; that error is shown as a sentence.
 */
export function EmailCard({
  user,
  linkErrorCode,
}: {
  user: TAuthUser;
  linkErrorCode: string | null;
}) {
  const [isSending, setIsSending] = useState(false);
  const [hasSent, setHasSent] = useState(false);

  const resend = async () => {
    setIsSending(true);
    const failure = await runAuthAction(() =>
      authClient.sendVerificationEmail({ email: user.email, callbackURL: EMAIL_VERIFIED_LANDING }),
    );
    setIsSending(false);
    if (failure) {
      toast.error(failure);
      return;
    }
    setHasSent(true);
    toast.success(`We sent a verification link to ${user.email}.`);
  };

  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title">Email</CardTitle>
        <CardDescription>Used to sign in and to reach you about your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {linkErrorCode && !user.emailVerified && (
          <Alert tone="error" title="Your email was not verified">
            {authErrorMessage({ code: linkErrorCode })}
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-medium break-all">{user.email}</span>
          {user.emailVerified ? (
            <Badge tone="success">
              <CircleCheck aria-hidden className="size-3.5" />
              Verified
            </Badge>
          ) : (
            <Badge tone="warning">
              <CircleAlert aria-hidden className="size-3.5" />
              Not verified
            </Badge>
          )}
        </div>
        {!user.emailVerified && (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => void resend()} isPending={isSending}>
              {hasSent ? 'Send another verification email' : 'Resend verification email'}
            </Button>
            {hasSent && (
              <p className="text-sm text-muted-foreground">Check your inbox, then open the link.</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
