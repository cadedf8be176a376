import { useLocation } from 'wouter';
import RobotDetailScreen from './robot-detail-screen';
import RobotIntroScreen from './robot-intro-screen';
import RobotListScreen from './robot-list-screen';
import RobotMineScreen from './robot-mine-screen';
import RobotOrderScreen from './robot-order-screen';
import RobotRecordScreen from './robot-record-screen';

/**
 * The six robot routes as one chunk: one import in the route table instead of six
 * keeps the entry's lazy-import map, on every first load, as small as it can be.
 */
export default function RobotScreens() {
  const [path] = useLocation();
  const page = path.replace(/\/+$/, '').split('/').pop();
  if (page === 'detail') return <RobotDetailScreen />;
  if (page === 'intro') return <RobotIntroScreen />;
  if (page === 'mine') return <RobotMineScreen />;
  if (page === 'record') return <RobotRecordScreen />;
  if (page === 'orderDetail') return <RobotOrderScreen />;
  return <RobotListScreen />;
}
