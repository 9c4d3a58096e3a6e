import { useEffect, useRef, useState } from 'react';
import { previewScale } from '@/features/content/generator/layout';
import {
  drawCreative,
  type TCreativeImage,
  type TQrMatrix,
} from '@/features/content/generator/render-creative';
import type { TCreative } from '@/features/content/generator/templates';

/** The tallest the preview may be, in CSS pixels, so the form stays in view beside it. */
const MAX_PREVIEW_HEIGHT = 620;

/**
 * A scaled live preview: the creative drawn with the same layout as the saved PNG, at the
 * preview's own size (sharp on high-density screens), redrawn whenever anything changes.
 */
export function CreativePreview({
  creative,
  image,
  qr,
  label,
}: {
  creative: TCreative;
  image: TCreativeImage | null;
  qr: TQrMatrix | null;
  label: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(entry.contentRect.width);
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const maxHeight = Math.min(MAX_PREVIEW_HEIGHT, Math.max(240, window.innerHeight * 0.62));
  const scale = previewScale(creative.width, creative.height, boxWidth || 320, maxHeight);
  const cssWidth = Math.max(1, Math.round(creative.width * scale));
  const cssHeight = Math.max(1, Math.round(creative.height * scale));

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.round(cssHeight * ratio);
    const factor = (cssWidth * ratio) / creative.width;
    context.setTransform(factor, 0, 0, factor, 0, 0);
    drawCreative(context, creative, { image, qr });
  }, [creative, image, qr, cssWidth, cssHeight]);

  return (
    <div ref={containerRef} className="flex w-full justify-center">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ width: cssWidth, height: cssHeight }}
        className="rounded-lg border border-border shadow-sm"
      />
    </div>
  );
}
