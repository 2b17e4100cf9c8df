/** The middle of `values` (the mean of the two middle ones for an even count); `values` is not changed. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Samples in milliseconds as a row's note shows them: `[812, 790, …]`. */
export const list = (values) => `[${values.map((v) => v.toFixed(0)).join(', ')}]`;
