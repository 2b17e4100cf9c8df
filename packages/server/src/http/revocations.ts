import type { RevocationChannel } from './key-cache.ts';
import { REVOCATION_CHANNEL } from './key-cache.ts';

/** What of an ioredis client the channel uses. */
interface RedisLike {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): RedisSubscriber;
}

interface RedisSubscriber {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  quit(): Promise<unknown>;
}

/**
 * Revocations over Redis pub/sub: every server process sharing `REDIS_URL` forgets a revoked key
 * at once. Subscribing takes a connection of its own (a subscribed ioredis client can do nothing
 * else); `close` ends it.
 */
export function redisRevocations(redis: RedisLike): RevocationChannel & { close(): Promise<void> } {
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {});
  const listeners: ((keyId: string) => void)[] = [];
  subscriber.on('message', (channel, message) => {
    if (channel === REVOCATION_CHANNEL) for (const listener of listeners) listener(message);
  });
  // Unreachable Redis: each process still forgets revoked keys within the cache's lifetime.
  subscriber.subscribe(REVOCATION_CHANNEL).catch(() => {});
  return {
    async publish(keyId) {
      await redis.publish(REVOCATION_CHANNEL, keyId).catch(() => {});
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      await subscriber.quit().catch(() => {});
    },
  };
}
