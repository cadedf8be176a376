import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;
const base = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true } as const;

export const SearchIcon = (p: P) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4" />
  </svg>
);

export const StarIcon = ({ filled, ...p }: P & { filled?: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" {...p}>
    <path strokeLinejoin="round" d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
  </svg>
);

export const SortIcon = ({ sortOrder, ...p }: P & { sortOrder: 'asc' | 'desc' | null }) => (
  <svg {...base} width={12} height={12} fill="currentColor" {...p}>
    <path d="M12 4 6 10h12z" opacity={sortOrder === 'asc' ? 1 : 0.35} />
    <path d="M12 20 6 14h12z" opacity={sortOrder === 'desc' ? 1 : 0.35} />
  </svg>
);
