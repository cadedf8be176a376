import { describe, expect, it } from 'vitest';
import { APP_PATHS, isAppPath } from '../../domain/routes/app-paths';
import { findRoute, ROUTES } from '../../src/routes/table';

/** The broker's list of pages (404 for any other) is the app's route table, path for path. */
describe('app paths', () => {
  it('are exactly the route table’s paths', () => {
    expect([...APP_PATHS].sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  it('match as the app matches them', () => {
    for (const path of [
      '/',
      '/pages/tabbar/home',
      '/pages/tabbar/home/',
      '/pages/robot/list//',
      '/x',
      '/pages/tabbar/Home',
      '',
    ])
      expect(isAppPath(path), path).toBe(findRoute(path) !== undefined);
  });
});
