import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';
import { authClient, runAuthAction } from '@/lib/auth-client';

/**
 * "Sign out everywhere" (issue 18 item 2): ends every session of the account, this browser's
 * too, and signs out every TV of the account (the server revokes their device tokens).
 */
export function SignOutEverywhereCard() {
  const { logout } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const signOutEverywhere = async () => {
    setFailure(null);
    setIsPending(true);
    const error = await runAuthAction(() => authClient.revokeSessions());
    if (error) {
      setFailure(error);
      setIsPending(false);
      return;
    }
    // This browser's session ended with the others: show the signed-out app.
    await logout().catch(() => undefined);
  };

  return (
    <Card aria-labelledby="everywhere-title">
      <CardHeader>
        <CardTitle id="everywhere-title">Sign out everywhere</CardTitle>
        <CardDescription>
          Signs you out on every browser and every TV of your account, this one too. Do it if you
          lost a device or linked a TV you do not trust.
        </CardDescription>
      </CardHeader>
      {failure && (
        <CardContent>
          <Alert tone="error">{failure}</Alert>
        </CardContent>
      )}
      <CardFooter>
        <Button variant="outline" isPending={isPending} onClick={() => void signOutEverywhere()}>
          Sign out everywhere
        </Button>
      </CardFooter>
    </Card>
  );
}
