// Web Push in the browser (docs/decisions/057-student-loop.md): this browser's subscription,
// opting in (permission, the service worker, PushManager.subscribe with the server's VAPID key,
// then stored with the API) and out.
import { callApi } from "../../auth/account-api.ts";

const WORKER_URL = "/api/notifications/push-worker.js";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The VAPID key (URL-safe base64) as the bytes PushManager wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = window.atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Opts this browser in; the reason it could not, or undefined. */
export async function turnPushOn(publicKey: string): Promise<string | undefined> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    return "Your browser blocks notifications from this site. Allow them in the browser's site settings first.";
  }
  try {
    const registration = await navigator.serviceWorker.register(WORKER_URL, {
      scope: "/api/notifications/",
    });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    const answer = await callApi("/api/notifications/push", { json: subscription.toJSON() });
    if (!answer.ok) {
      await subscription.unsubscribe();
      return answer.data.message ?? "Browser notifications could not be turned on.";
    }
    return undefined;
  } catch {
    return "This browser could not subscribe to notifications. Please try again later.";
  }
}

export async function turnPushOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await callApi("/api/notifications/push", {
    method: "DELETE",
    json: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
