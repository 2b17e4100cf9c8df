/**
 * DevTools' "Slow 4G" preset (Lighthouse's "applied" throttling: 562.5 ms latency, 1.44 Mbit/s
 * down, 675 kbit/s up), in the units CDP's `Network.emulateNetworkConditions` takes (bytes per
 * second): every bench that loads pages over a throttled network uses this one.
 */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
  connectionType: 'cellular4g',
};
