import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../domain/protocol/envelope';

/**
 * index.html's one inline script, which sets the light or dark palette before the first paint (a
 * file would hold the first paint back by a round trip): allowed by its hash, so no other inline
 * script can run. tests/unit/theme-boot.test.ts recomputes it from index.html.
 */
export const THEME_BOOT_HASH = "'sha256-9HYOZBuOosBTSRhVyyQqmIRrdbmKbGwNqOiA9hr6PfE='";

/**
 * The app's Content-Security-Policy: everything it loads comes from its own origin. Scripts and
 * workers (the market-data worker, the service worker) are built files, never inline (but the
 * theme script above, by its hash); the
 * WebSocket is same-origin ('self' covers ws:/wss: to this host in CSP 3). Styles stay strict
 * too: React and the chart set styles through the CSSOM, which style-src does not govern.
 * A chat script named by /common/config (DECISIONS §3) is loaded on demand by the customer-service
 * screens; a broker that sets one must add its origin to script-src and connect-src here.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_BOOT_HASH}`,
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** An API answer is data, never a document: nothing may run or embed it. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries: no MIME sniffing, no framing, no full URL to other sites. API
 * answers are personal and live (balances, orders, quotes): no cache or proxy may keep one
 * (`no-store`), unless the route chose its own caching (a chat image). It also keeps true what
 * the client's server clock assumes (src/api/server-clock.ts): every answer's `Date` is fresh.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const isApi = req.url === API_PREFIX || req.url.startsWith(`${API_PREFIX}/`);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Content-Security-Policy', isApi ? API_POLICY : CONTENT_SECURITY_POLICY);
    if (isApi && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
