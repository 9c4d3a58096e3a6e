import { useMemo } from 'react';
import { create } from 'qrcode';
import styles from './qr-code.module.css';

/** Modules of quiet zone around the code, as the QR standard asks. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as one SVG path from the `qrcode` library's module matrix: crisp at any TV
 * size, no canvas, no markup injected.
 */
export function QrCode({
  value,
  label,
  testId = 'pairing-qr',
}: {
  value: string;
  label: string;
  testId?: string;
}) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) {
          parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
        }
      }
    }
    return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
  }, [value]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
