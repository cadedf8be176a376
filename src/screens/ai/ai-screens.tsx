import './namespace';
import { useLocation } from 'wouter';
import AiDetailScreen from './ai-detail-screen';
import AiListScreen from './ai-list-screen';
import AiMineScreen from './ai-mine-screen';
import AiOrderScreen from './ai-order-screen';

/**
 * The four AI product routes as one chunk: one import in the route table instead of
 * four keeps the entry's lazy-import map, on every first load, as small as it was.
 */
export default function AiScreens() {
  const [path] = useLocation();
  if (path.endsWith('/detail')) return <AiDetailScreen />;
  if (path.endsWith('/order')) return <AiOrderScreen />;
  if (path.endsWith('/mine')) return <AiMineScreen />;
  return <AiListScreen />;
}
