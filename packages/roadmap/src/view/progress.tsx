import { useContext } from 'preact/hooks';
import { ServerRender } from './render-mode.tsx';
import type { Translate } from './translate.ts';

/** A labelled 0-100 progress bar. On a server, the stylesheet sizes it by `aria-valuenow`. */
export function ProgressBar({ value, label, t }: { value: number; label: string; t: Translate }) {
  const server = useContext(ServerRender);
  const clamped = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      class="hk-progress"
      role="progressbar"
      aria-label={`${t('progress')}: ${label}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={t('progressValue', { value: clamped })}
    >
      <span class="hk-progress-fill" style={server ? undefined : { width: `${clamped}%` }} />
    </div>
  );
}
