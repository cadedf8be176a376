import { useContext } from 'react';
import { RoutePathContext } from '../../paths/route-context';
import { paths } from '../../paths/paths';
import JournalScreen from './journal-screen';
import ReportsScreen from './reports-screen';
import RiskCheckScreen from './risk-check-screen';

/** The learner's three routes' module: one chunk, one import site in the route table. */
export default function LearnScreens() {
  const path = useContext(RoutePathContext);
  if (path === paths.journal) return <JournalScreen />;
  return path === paths.reports ? <ReportsScreen /> : <RiskCheckScreen />;
}
