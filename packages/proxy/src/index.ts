// Everything the runtime-neutral entry has; its `createProxy` is replaced by Node's own below.
export * from './fetch.ts';
export { redisLimiters } from './limits/redis.ts';
export { createProxy } from './node/create-proxy.ts';
export { optionsFromEnv } from './node/env.ts';
export { expressMiddleware } from './node/express.ts';
export { type NodeListener, toNodeListener } from './node/listener.ts';
export { type RunningProxy, type StartProxyOptions, startProxy } from './node/start-proxy.ts';
