import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metricsFrom } from './metrics.ts';

describe('metricsFrom', () => {
  it("registers each row of the table in the table's order, with its help, labels and buckets", async () => {
    const registry = new Registry();
    const metrics = metricsFrom(registry, {
      sent: { kind: 'counter', name: 'test_sent_total', labels: ['kind'], help: 'Sent, by kind.' },
      took: { kind: 'histogram', name: 'test_took_seconds', help: 'Time taken.', buckets: [0.5, 2] },
      left: { kind: 'gauge', name: 'test_left', help: 'Left.' },
    });
    metrics.sent.inc({ kind: 'mail' });
    metrics.took.observe(1);
    metrics.left.set(3);
    const text = await registry.metrics();
    expect(text.match(/^# HELP .*$/gm)).toEqual([
      '# HELP test_sent_total Sent, by kind.',
      '# HELP test_took_seconds Time taken.',
      '# HELP test_left Left.',
    ]);
    expect(text).toContain('test_sent_total{kind="mail"} 1');
    expect(text).toContain('test_took_seconds_bucket{le="0.5"} 0');
    expect(text).toContain('test_took_seconds_bucket{le="2"} 1');
    expect(text).toContain('test_left 3');
  });

  it('sets a gauge read when scraped by its collector', async () => {
    const registry = new Registry();
    let waiting = 4;
    metricsFrom(
      registry,
      { waiting: { kind: 'gauge', name: 'test_waiting', labels: ['kind'], help: 'Waiting, by kind.' } },
      {
        waiting() {
          this.set({ kind: 'mail' }, waiting);
        },
      },
    );
    expect(await registry.metrics()).toContain('test_waiting{kind="mail"} 4');
    waiting = 0;
    expect(await registry.metrics()).toContain('test_waiting{kind="mail"} 0');
  });
});
