/** A screenshot in a help page, at its own aspect ratio, with a caption. */
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
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-lg border border-border bg-black shadow-sm"
      />
      <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
