import { useState } from 'react';
import { FileImage, FileVideo } from 'lucide-react';
import type { TCampaign } from '@screenline/shared/campaign';
import { cn } from '@/lib/utils';

type TCreative = TCampaign['creatives'][number];

function describe(creative: TCreative): string {
  const size =
    creative.width !== null && creative.height !== null
      ? `${creative.width} × ${creative.height}`
      : null;
  if (creative.kind === 'video') {
    const seconds = creative.durationMs === null ? null : Math.round(creative.durationMs / 1000);
    return ['Video', size, seconds === null ? null : `${seconds} s`].filter(Boolean).join(' · ');
  }
  return ['Image', size].filter(Boolean).join(' · ');
}

/** One creative's preview; an icon and a line when it cannot be shown. */
function Preview({ creative }: { creative: TCreative }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const Icon = creative.kind === 'video' ? FileVideo : FileImage;
  if (creative.url === null || failedUrl === creative.url) {
    return (
      <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
        <Icon aria-hidden className="size-6" />
        {creative.url === null ? 'No longer in the library' : 'The preview could not be loaded'}
      </span>
    );
  }
  const onError = () => setFailedUrl(creative.url);
  return creative.kind === 'video' ? (
    <video
      src={creative.url}
      controls
      muted
      preload="metadata"
      aria-label={creative.name}
      onError={onError}
      className="size-full object-contain"
    />
  ) : (
    <img
      src={creative.url}
      alt={creative.name}
      loading="lazy"
      decoding="async"
      onError={onError}
      className="size-full object-contain"
    />
  );
}

/**
 * A campaign's creatives as they will show: images whole (letterboxed), videos with their
 * controls, so a reviewer can watch them; an icon for an item deleted from the library.
 */
export function CreativePreviews({
  creatives,
  className,
}: {
  creatives: readonly TCreative[];
  className?: string;
}) {
  return (
    <ul
      aria-label="Creatives"
      className={cn('grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3', className)}
    >
      {creatives.map((creative) => (
        <li key={creative.id} className="grid gap-1.5 rounded-lg border border-border p-2">
          <div className="aspect-video overflow-hidden rounded-md bg-surface-muted">
            <Preview creative={creative} />
          </div>
          <p className="truncate text-sm font-medium" title={creative.name}>
            {creative.name}
          </p>
          <p className="text-xs text-muted-foreground tabular-nums">{describe(creative)}</p>
        </li>
      ))}
    </ul>
  );
}
