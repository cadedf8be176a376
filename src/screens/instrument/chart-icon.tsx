/** Candles, as the chart entry's icon. */
export function ChartIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M6 3v18M12 6v14M18 2v16" strokeLinecap="round" />
      <rect x="4" y="7" width="4" height="8" rx="1" fill="currentColor" />
      <rect x="10" y="10" width="4" height="6" rx="1" />
      <rect x="16" y="5" width="4" height="9" rx="1" fill="currentColor" />
    </svg>
  );
}
