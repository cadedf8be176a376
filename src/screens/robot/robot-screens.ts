import RobotDetailScreen from './robot-detail-screen';
import RobotIntroScreen from './robot-intro-screen';
import RobotListScreen from './robot-list-screen';
import RobotMineScreen from './robot-mine-screen';
import RobotOrderScreen from './robot-order-screen';
import RobotRecordScreen from './robot-record-screen';

/**
 * Every robot screen behind one dynamic import (src/routes/table.ts), by position: one chunk for
 * the area, and the first load's route table names one file and no component (the JS budget).
 */
export const ROBOT_SCREENS = [
  RobotListScreen,
  RobotDetailScreen,
  RobotIntroScreen,
  RobotMineScreen,
  RobotRecordScreen,
  RobotOrderScreen,
] as const;
