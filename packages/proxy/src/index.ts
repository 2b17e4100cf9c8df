export { optionsFromEnv } from './config/env.ts';
// Everything the runtime-neutral entry has; its `createProxy` is replaced by Node's own below.
export * from './fetch.ts';
export { redisLimiters } from './limits/redis.ts';
export {
  createProxy,
  expressMiddleware,
  type NodeListener,
  type RunningProxy,
  type StartProxyOptions,
  startProxy,
  toNodeListener,
} from './node/node.ts';
