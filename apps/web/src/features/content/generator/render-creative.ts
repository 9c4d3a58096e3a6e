import { create as createQrCode } from 'qrcode';
import { coverCrop, fontOf, withAlpha, type TBox } from './layout';
import { compose, type TCreative, type TMeasureFor } from './templates';

/** A decoded library image to draw (an <img> of a same-origin download link). */
export type TCreativeImage = { source: CanvasImageSource; width: number; height: number };

/** A QR code's modules: `size`×`size`, dark where isDark(row, col). */
export type TQrMatrix = { size: number; isDark: (row: number, col: number) => boolean };

/** The QR code of a URL, with medium error correction (readable with a logo-free 15 % loss). */
export function qrMatrixFor(url: string): TQrMatrix {
  const { modules } = createQrCode(url, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 };
}

function measureWith(context: CanvasRenderingContext2D): TMeasureFor {
  return (weight) => (text, size) => {
    context.font = fontOf(weight, size);
    return context.measureText(text).width;
  };
}

function roundedRect(context: CanvasRenderingContext2D, box: TBox, radius: number): void {
  context.beginPath();
  context.roundRect(box.x, box.y, box.w, box.h, radius);
}

/**
 * A QR code on a white tile with a quiet zone, dark modules in black: scanners need the
 * contrast, whatever the creative's colours.
 */
function drawQr(context: CanvasRenderingContext2D, qr: TQrMatrix, box: TBox): void {
  const quiet = 2;
  const cells = qr.size + quiet * 2;
  const cell = box.w / cells;
  context.fillStyle = '#ffffff';
  roundedRect(context, box, cell * 1.5);
  context.fill();
  context.fillStyle = '#000000';
  for (let row = 0; row < qr.size; row += 1) {
    for (let col = 0; col < qr.size; col += 1) {
      if (!qr.isDark(row, col)) continue;
      // Overlap by a hair so no seams show between modules when scaled.
      context.fillRect(
        box.x + (col + quiet) * cell,
        box.y + (row + quiet) * cell,
        cell + 0.5,
        cell + 0.5,
      );
    }
  }
}

function drawImage(
  context: CanvasRenderingContext2D,
  image: TCreativeImage,
  box: TBox,
  background: string,
  overlay: number,
  fade: 'left' | 'bottom' | null,
): void {
  const crop = coverCrop(image.width, image.height, box.w, box.h);
  context.drawImage(image.source, crop.sx, crop.sy, crop.sw, crop.sh, box.x, box.y, box.w, box.h);
  if (overlay > 0) {
    context.fillStyle = withAlpha(background, overlay);
    context.fillRect(box.x, box.y, box.w, box.h);
  }
  if (fade) {
    const gradient =
      fade === 'left'
        ? context.createLinearGradient(box.x, 0, box.x + box.w * 0.45, 0)
        : context.createLinearGradient(0, box.y + box.h, 0, box.y + box.h * 0.55);
    gradient.addColorStop(0, withAlpha(background, 1));
    gradient.addColorStop(1, withAlpha(background, 0));
    context.fillStyle = gradient;
    context.fillRect(box.x, box.y, box.w, box.h);
  }
}

/**
 * Draws the creative in its own pixel coordinates (0…width, 0…height); a preview scales the
 * context first. Same layout at any scale, so the preview shows what is saved.
 */
export function drawCreative(
  context: CanvasRenderingContext2D,
  creative: TCreative,
  assets: { image: TCreativeImage | null; qr: TQrMatrix | null },
): void {
  const layout = compose(
    { ...creative, hasImage: assets.image !== null, hasQr: assets.qr !== null },
    measureWith(context),
  );
  const { colors } = creative;

  context.save();
  context.fillStyle = colors.background;
  context.fillRect(0, 0, layout.width, layout.height);

  if (layout.accentBlock) {
    context.fillStyle = colors.accent;
    context.fillRect(
      layout.accentBlock.x,
      layout.accentBlock.y,
      layout.accentBlock.w,
      layout.accentBlock.h,
    );
  }
  if (layout.image && assets.image) {
    drawImage(
      context,
      assets.image,
      layout.image.box,
      colors.background,
      layout.image.overlay,
      layout.image.fade,
    );
  }
  if (layout.accentBar) {
    context.fillStyle = colors.accent;
    roundedRect(context, layout.accentBar, layout.accentBar.h / 2);
    context.fill();
  }
  if (layout.pill) {
    context.fillStyle = layout.pill.color;
    roundedRect(context, layout.pill.box, layout.pill.box.h / 2);
    context.fill();
  }
  if (layout.badge) {
    const { cx, cy, r, color } = layout.badge;
    context.fillStyle = color;
    context.beginPath();
    context.arc(cx, cy, r, 0, Math.PI * 2);
    context.fill();
  }
  if (layout.qr && assets.qr) drawQr(context, assets.qr, layout.qr);

  context.textBaseline = 'middle';
  for (const line of layout.lines) {
    context.font = fontOf(line.weight, line.size);
    context.fillStyle = line.color;
    context.globalAlpha = line.opacity;
    context.textAlign = line.align;
    context.fillText(line.text, line.x, line.y);
  }
  context.restore();
}

/** Renders the creative at full size and encodes it as PNG. */
export async function renderCreativePng(
  creative: TCreative,
  assets: { image: TCreativeImage | null; qr: TQrMatrix | null },
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = creative.width;
  canvas.height = creative.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images (no 2D canvas).');
  drawCreative(context, creative, assets);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  // Free the bitmap now: a 4K canvas holds 33 MB until it is collected.
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) {
    throw new Error('The image could not be made at this size. Try a smaller size.');
  }
  return blob;
}
