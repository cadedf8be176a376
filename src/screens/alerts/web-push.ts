/** This browser's push state: what the notifications screen shows and toggles. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  // The app registers its worker in production builds only (src/pwa/register-service-worker.ts).
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function pushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/** This browser's push endpoint, to tell whether a subscription the broker stopped is this one's. */
export async function pushEndpoint(): Promise<string | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
}

/** The VAPID key as the bytes PushManager wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission and subscribes; the subscription as JSON, or null when refused or impossible. */
export async function subscribePush(publicKey: string): Promise<string | null> {
  const reg = await registration();
  if (!reg) return null;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return JSON.stringify(sub.toJSON());
}

/** Ends this browser's subscription; it as JSON, for the server to forget, or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return JSON.stringify(sub.toJSON());
}
