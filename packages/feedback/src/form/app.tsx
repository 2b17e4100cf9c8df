import { BASE_CSS, format, mountShadow, parseThemeMode, ThemeScope, useLocale } from '@hearken/ui';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FeedbackState, Store } from '../store.ts';
import { catalog } from '../strings.ts';
import { draftKey, EMPTY_DRAFT, loadDraft, saveDraft } from '../submit/draft.ts';
import type { QueuedSubmission } from '../submit/outbox.ts';
import { browserStore, memoryStore } from '../submit/storage.ts';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { FORM_CSS } from './styles.ts';
import { useBranding } from './use-branding.ts';
import { useSubmission } from './use-submission.ts';

function useStoreState<T>(store: Store<T>): T {
  const [state, setState] = useState(store.get);
  useLayoutEffect(() => {
    // Catch up with changes made between the first render and subscribing.
    setState(store.get());
    return store.subscribe(setState);
  }, [store]);
  return state;
}

/** Places an existing DOM node (the launcher button) inside the themed tree. */
function Slot({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current!.append(node);
  }, [node]);
  return <span ref={ref} />;
}

const fallbackStore = memoryStore();

function App({ host, store, close }: { host: HTMLElement; store: Store<FeedbackState>; close: () => void }) {
  const state = useStoreState(store);
  const { options, launcher, open, request } = state;
  const storage = useMemo(() => options.storage ?? browserStore() ?? fallbackStore, [options.storage]);
  const locale = useLocale(catalog, options.language, options.strings);
  const branding = useBranding(options.apiBase ?? options.proxy, options.workspace, options.fetch);
  const key = draftKey(options.proxy, options.workspace);

  const onSent = useCallback(
    (submission: QueuedSubmission) => {
      // Forget the draft only if it still holds what was sent (not a newer text).
      const draft = loadDraft(storage, key);
      if (draft.text === submission.input.text)
        saveDraft(storage, key, { ...EMPTY_DRAFT, email: draft.email, name: draft.name });
    },
    [storage, key],
  );
  const submission = useSubmission({
    host,
    proxy: options.proxy,
    identityToken: options.identityToken,
    fetch: options.fetch,
    store: storage,
    onSent,
  });

  useLayoutEffect(() => {
    if (!launcher) return;
    launcher.textContent = format(locale, 'launcher');
    launcher.setAttribute('aria-expanded', String(open));
  });

  const inline = options.mode === 'inline';
  const context = useMemo(
    () => ({ projectId: request.projectId ?? options.projectId, issueId: request.issueId ?? options.issueId }),
    [request.id, options.projectId, options.issueId],
  );
  const form = (
    <FeedbackForm
      locale={locale}
      draftKey={key}
      identityToken={options.identityToken}
      context={context}
      request={request}
      store={storage}
      status={submission.status}
      onSubmit={(input, spam) => void submission.submit(input, spam)}
      onReset={submission.reset}
    />
  );
  return (
    <ThemeScope
      branding={branding}
      mode={parseThemeMode(options.theme)}
      lang={locale.language}
      dir={locale.dir}
      class={inline ? undefined : 'hk-floating'}
    >
      {launcher ? <Slot node={launcher} /> : null}
      {inline ? (
        form
      ) : open ? (
        <Dialog
          title={format(locale, 'dialogTitle')}
          closeLabel={format(locale, 'close')}
          onClose={close}
          returnFocus={state.trigger}
        >
          {form}
        </Dialog>
      ) : null}
    </ThemeScope>
  );
}

/** Renders the form (and themes the launcher) in `host`'s shadow root; called by `mountFeedback`. */
export function mountForm(host: HTMLElement, store: Store<FeedbackState>, close: () => void): { destroy(): void } {
  const mount = mountShadow(host, { css: [BASE_CSS, FORM_CSS], nonce: store.get().options.nonce });
  mount.render(<App host={host} store={store} close={close} />);
  return { destroy: () => mount.render(null) };
}
