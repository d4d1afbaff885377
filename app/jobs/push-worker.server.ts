import type { Database } from "../../db/client.server";
import { deliverDuePushes, hasDuePushes, type PushSender } from "~/models/notifications/push-delivery.server";
import type { TenantRegistry } from "~/tenancy/registry";

export interface PushWorker {
  /** Sends what is due now (soon after a message or like commits, in any server process). */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Sends queued pushes: at once when kicked, and every `tickMs` for retries. One drain at a time;
 * a kick during a drain makes one more afterwards. Several processes may drain together: each
 * push is claimed by one of them (docs/product/notifications.md#push).
 */
export function startPushWorker(db: Database, registry: TenantRegistry, send: PushSender, options: { tickMs?: number; log?: (line: string) => void } = {}): PushWorker {
  const log = options.log ?? console.warn;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drain = async () => {
    do {
      again = false;
      while (!stopped && (await hasDuePushes(db))) await deliverDuePushes(db, registry, send, new Date(), log);
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log(`push delivery: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        draining = null;
      });
  };
  const timer = setInterval(kick, options.tickMs ?? 15_000);
  timer.unref();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await draining;
    },
  };
}
