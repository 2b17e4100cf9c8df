export { optionsFromEnv } from './env.ts';
export * from './fetch.ts';
export {
  expressMiddleware,
  type NodeListener,
  type RunningProxy,
  type StartProxyOptions,
  startProxy,
  toNodeListener,
} from './node.ts';
export { redisLimiters } from './redis.ts';
