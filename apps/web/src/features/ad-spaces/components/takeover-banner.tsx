import { formatDistanceToNowStrict } from 'date-fns';
import { Siren } from 'lucide-react';
import type { TTakeover } from '@screenline/shared/fleet';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEndTakeover, useTakeovers } from '@/features/ad-spaces/api/fleet';

const what = (takeover: TTakeover) =>
  takeover.kind === 'message'
    ? `“${takeover.message ?? ''}”`
    : takeover.kind === 'image'
      ? 'An image'
      : 'A playlist';

/**
 * Active emergency takeovers above the ad spaces: what shows, who started it and when, where it
 * showed (the TVs' acknowledgements), and End now.
 */
export function TakeoverBanner() {
  const takeovers = useTakeovers();
  const end = useEndTakeover();
  const active = (takeovers.data?.items ?? []).filter((takeover) => takeover.isActive);
  if (active.length === 0) return null;
  return (
    <section aria-label="Active takeovers" className="mb-4 grid gap-2">
      {active.map((takeover) => (
        <div
          key={takeover.id}
          role="status"
          className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger-soft-foreground"
        >
          <div className="grid min-w-0 gap-1">
            <p className="flex items-center gap-2 font-semibold">
              <Siren aria-hidden className="size-4 shrink-0" />
              Emergency takeover: {what(takeover)}
            </p>
            <p>
              Started by {takeover.startedBy.name}{' '}
              {formatDistanceToNowStrict(new Date(takeover.startedAt), { addSuffix: true })} on{' '}
              {takeover.adSpaces.map((space) => space.name).join(', ')}; ends{' '}
              {formatDistanceToNowStrict(new Date(takeover.endsAt), { addSuffix: true })}.
            </p>
            <p>
              {takeover.shownOn.length === 0
                ? 'No TV has confirmed it yet.'
                : `Showing on: ${takeover.shownOn.map((tv) => tv.deviceName ?? 'a TV').join(', ')}.`}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            isPending={end.isPending && end.variables === takeover.id}
            onClick={() =>
              end.mutate(takeover.id, {
                onSuccess: () => toast.success('The takeover ended on every screen.'),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            End now
          </Button>
        </div>
      ))}
    </section>
  );
}
