/**
 * A recorded walkthrough in a help page: the video with controls (never autoplaying), captions
 * from a WebVTT track, and the same steps as text below it, so the video is never the only way
 * to learn what it shows. `steps` are the captions' lines, in order.
 */
export function HelpVideo({
  src,
  captions,
  poster,
  title,
  width,
  height,
  steps,
}: {
  src: string;
  captions: string;
  poster?: string;
  title: string;
  width: number;
  height: number;
  steps: string[];
}) {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return (
    <figure className="grid gap-2">
      <video
        controls
        muted
        playsInline
        preload="metadata"
        poster={poster}
        width={width}
        height={height}
        aria-label={title}
        aria-describedby={`${id}-steps`}
        className="h-auto w-full rounded-lg border border-border bg-black shadow-sm"
      >
        <source src={src} type="video/webm" />
        <track kind="captions" src={captions} srcLang="en" label="English" default />
      </video>
      <figcaption className="text-sm text-muted-foreground">
        {title}. The video has no sound; captions describe each step.
      </figcaption>
      <details className="rounded-lg border border-border bg-surface px-4 py-3 text-sm">
        <summary className="cursor-pointer rounded font-medium">What the video shows</summary>
        <ol id={`${id}-steps`} className="mt-3 list-decimal space-y-1.5 pl-5">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
    </figure>
  );
}
