import type { RoadmapError } from '../model/load.ts';
import type { Translate } from './translate.ts';

export function EmptyState({ text }: { text: string }) {
  return <p class="hk-empty">{text}</p>;
}

/** Explains a failed load and offers a retry. */
export function ErrorState({ error, t, onRetry }: { error: RoadmapError; t: Translate; onRetry(): void }) {
  const unpublished = error.kind === 'unpublished';
  return (
    <div class="hk-message" role="alert">
      <h3>{t(unpublished ? 'unpublishedTitle' : 'errorTitle')}</h3>
      <p>{t(unpublished ? 'unpublishedBody' : error.kind === 'network' ? 'errorNetwork' : 'errorGeneric')}</p>
      {error.requestId && <p class="hk-meta">{t('errorReference', { requestId: error.requestId })}</p>}
      <button type="button" class="hk-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** A failed read said above what is still shown, with a retry. */
export function RetryNotice({ text, t, onRetry }: { text: string; t: Translate; onRetry(): void }) {
  return (
    <p class="hk-notice" role="status">
      <span>{text}</span>
      <button type="button" class="hk-button hk-button-quiet" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}

/** Shown above data that is older than a failed refresh. */
export function StaleNotice({ t, onRetry }: { t: Translate; onRetry(): void }) {
  return <RetryNotice text={t('staleNotice')} t={t} onRetry={onRetry} />;
}
