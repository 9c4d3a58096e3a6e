import { Link } from 'react-router';
import { Tv } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';

/** Where a TV opens the player: this site's /tv. */
const playerUrl = () => `${window.location.origin}/tv`;

/** The three steps from a TV's browser to playback, for the whole page or one space. */
export function ConnectTvSteps({ adSpaceName }: { adSpaceName?: string }) {
  const url = playerUrl();
  return (
    <>
      <ol className="grid list-decimal gap-2 pl-5 text-sm marker:font-semibold marker:text-primary">
        <li>
          On the TV (or the player box connected to it), open the web browser and go to{' '}
          <a href={url} className="font-mono font-medium break-all text-primary underline">
            {url}
          </a>
          .
        </li>
        <li>
          Sign in with your email and password, or choose the QR code and scan it with your phone
          while signed in to Screenline there, then approve.
        </li>
        <li>
          Pick{' '}
          {adSpaceName ? (
            <strong className="font-semibold break-words">“{adSpaceName}”</strong>
          ) : (
            'this ad space'
          )}{' '}
          from the list and press Continue. The TV starts playing what its schedule says.
        </li>
      </ol>
      <p className="mt-3 text-sm">
        <Link to={paths.help.tvSignIn} className="font-medium text-primary underline">
          TV sign-in help
        </Link>{' '}
        <span className="text-muted-foreground">
          — how password sign-in and QR pairing work, step by step.
        </span>
      </p>
    </>
  );
}

/** The "Connect a TV" panel under the list. */
export function ConnectTvPanel() {
  return (
    <Card aria-labelledby="connect-tv-title" className="mt-8">
      <CardHeader className="flex flex-row items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Tv aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1">
          <CardTitle id="connect-tv-title">Connect a TV</CardTitle>
          <CardDescription>
            Each ad space plays on one TV. Its status turns Online once the TV reports in.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ConnectTvSteps />
      </CardContent>
    </Card>
  );
}
