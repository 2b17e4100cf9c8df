// The package's main entry also loads its cluster and database limiters, which need Node-only
// modules; the memory limiter alone runs on every Fetch runtime.
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export default RateLimiterMemory;
}
