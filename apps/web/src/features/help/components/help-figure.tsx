/**
 * A screenshot in a help page, at its own aspect ratio, with a caption. The screenshots are of
 * the light theme; a frame (a muted mat around a bordered picture) sets them apart from the page,
 * which matters most in the dark theme, where a bare light picture reads as part of the page.
 */
export function HelpFigure({
  src,
  alt,
  width,
  height,
  caption,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
}) {
  return (
    <figure className="grid gap-2">
      <div
        data-help-frame=""
        className="rounded-xl border border-border bg-surface-muted p-2 shadow-sm sm:p-3"
      >
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-md border border-border bg-black"
        />
      </div>
      <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
