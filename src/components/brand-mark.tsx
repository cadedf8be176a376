/** The Seans mark: three candles, rising. Decorative; the app name is always written next to it. */
export function BrandMark({ size = 64 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--color-surface-2)" />
      <path
        d="M18 22v26M32 16v30M46 12v28"
        stroke="var(--color-text-muted)"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <rect x="14" y="30" width="8" height="12" rx="2" fill="var(--color-accent)" />
      <rect x="28" y="23" width="8" height="16" rx="2" fill="var(--color-accent)" />
      <rect x="42" y="17" width="8" height="16" rx="2" fill="var(--color-up)" />
    </svg>
  );
}
