import type { Call } from './call.ts';
import type { V2WebhooksClient } from './v2-webhooks.ts';

/**
 * `client.webhooks`, with its schemas loaded on first use: an app that never manages webhooks
 * (most, and every widget) does not carry them in its bundle.
 */
export function lazyV2WebhooksClient(call: Call): V2WebhooksClient {
  let loaded: Promise<V2WebhooksClient> | undefined;
  const client = () => {
    loaded ??= import('./v2-webhooks.ts').then((module) => module.createV2WebhooksClient(call));
    return loaded;
  };
  return {
    create: async (...args) => (await client()).create(...args),
    list: async (...args) => (await client()).list(...args),
    async *iterate(...args) {
      yield* (await client()).iterate(...args);
    },
    get: async (...args) => (await client()).get(...args),
    update: async (...args) => (await client()).update(...args),
    delete: async (...args) => (await client()).delete(...args),
    rotateSecret: async (...args) => (await client()).rotateSecret(...args),
    deliveries: async (...args) => (await client()).deliveries(...args),
    async *iterateDeliveries(...args) {
      yield* (await client()).iterateDeliveries(...args);
    },
    redeliver: async (...args) => (await client()).redeliver(...args),
  };
}
