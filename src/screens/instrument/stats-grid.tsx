import type { ReactNode } from 'react';

export type Stat = { id: string; label: string; value: ReactNode };

/** Two-column label/value pairs (day or 24 h figures); each value has `stat-<id>` for tests. */
export function StatsGrid({ stats, label }: { stats: Stat[]; label: string }) {
  return (
    <dl className="stats" aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.id} className="stats__item">
          <dt>{stat.label}</dt>
          <dd className="num" data-testid={`stat-${stat.id}`}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
