import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * `text` as a QR code, drawn as SVG squares from the encoder's matrix (no injected markup).
 * Error correction M: an address scanned off a phone screen, no logo to cover it.
 */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: count, path: d };
  }, [text]);
  return (
    <svg
      className="funding-qr"
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-modules={size}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="var(--color-qr-ink)" />
    </svg>
  );
}
