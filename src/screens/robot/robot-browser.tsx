import { useTranslation } from '../../i18n/hook';
import { robotEndpoints } from '../../../domain/protocol/endpoints/robots';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { RobotCard } from './parts';

const load = () => call(robotEndpoints.list, {}, { silent: true }).then((answer) => answer.list);

/** Every robot on offer, each leading to its detail (the list screen and the detail's chooser). */
export function RobotBrowser() {
  const { t } = useTranslation('robot');
  const robots = useLiveData('robots', load);
  if (robots.status === 'loading') return <ListSkeleton rows={4} />;
  if (robots.status === 'error') return <ErrorState error={robots.error} onRetry={robots.reload} />;
  if (robots.data.length === 0) return <EmptyState title={t('list.empty')} />;
  return (
    <ul className="card-list" data-testid="robot-list">
      {robots.data.map((robot) => (
        <RobotCard key={robot.id} robot={robot} />
      ))}
    </ul>
  );
}
