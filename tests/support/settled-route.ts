import { z } from 'zod';
import { endpoint } from '../../domain/protocol/endpoint';
import { implement, type RouteContext, type RouteDef } from '../../server/http/route';

/**
 * A test-only route that answers once `settle` has waited for the server's background work (risk
 * jobs, alert writes), so a test reads what that work wrote instead of racing it.
 */
export function settledRoute(
  path: string,
  settle: (ctx: RouteContext<Record<string, never>, 'none'>) => Promise<void>,
): RouteDef {
  return implement(
    endpoint({ method: 'POST', path, auth: 'none', input: z.object({}), output: z.object({}) }),
    {
      summary: 'test only',
      tag: 'test',
      handler: async (ctx) => {
        await settle(ctx);
        return {};
      },
    },
  );
}
