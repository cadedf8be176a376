import type { Db } from '../db/client';
import { robotPauses } from '../db/schema/robots';
import { ApiError } from '../http/errors';
import { readSetting } from '../settings';
import type { RobotSettings, RobotTerms } from './settings-schema';

export type RobotCatalogue = {
  settings: RobotSettings;
  /** The coin spot taker fee robots pay on each fill, as users do. */
  feeRate: string;
  paused: ReadonlySet<string>;
};

export async function robotCatalogue(db: Db): Promise<RobotCatalogue> {
  const [settings, coinSpot, pauses] = await Promise.all([
    readSetting(db, 'robots'),
    readSetting(db, 'coinSpot'),
    db.select().from(robotPauses),
  ]);
  return {
    settings,
    feeRate: coinSpot.feeRate,
    paused: new Set(pauses.filter((p) => p.paused).map((p) => p.robotId)),
  };
}

/** The robot of that id, or ROBOT_NOT_FOUND. */
export function robotOf(catalogue: RobotCatalogue, id: string): RobotTerms {
  const robot = catalogue.settings.robots.find((r) => r.id === id);
  if (!robot) throw new ApiError('ROBOT_NOT_FOUND');
  return robot;
}

/** The strategy's rules as shown on the wire: its fields, without the kind. */
export function paramsOf(robot: RobotTerms): Record<string, string | number> {
  const { kind: _kind, ...rest } = robot.strategy;
  return rest;
}
