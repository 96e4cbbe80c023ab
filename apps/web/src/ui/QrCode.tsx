import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** Modules of white margin around the code, as the QR specification asks. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` (error correction M, as the HACCP PDF's) drawn as one SVG path. Dark on white
 * in either colour scheme: scanners need the contrast the right way round.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { width, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const count = qr.getModuleCount();
    const dark: string[] = [];
    for (let row = 0; row < count; row += 1)
      for (let col = 0; col < count; col += 1)
        if (qr.isDark(row, col)) dark.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    return { width: count + 2 * QUIET_ZONE, path: dark.join('') };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: 'var(--mantine-color-white)', borderRadius: 4, flexShrink: 0 }}
    >
      <path d={path} style={{ fill: 'var(--mantine-color-black)' }} />
    </svg>
  );
}
