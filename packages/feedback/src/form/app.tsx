import type { Workspace } from '@hearken/core';
import {
  applyLocale,
  BASE_CSS,
  englishLocale,
  format,
  type Locale,
  mountShadow,
  parseThemeMode,
  ThemeScope,
} from '@hearken/ui';
import { Component, createRef } from 'preact';
import type { FeedbackOptions } from '../options.ts';
import type { FeedbackState, Store } from '../store.ts';
import { catalog, type FeedbackMessages } from '../strings.ts';
import { draftKey, EMPTY_DRAFT, loadDraft, saveDraft } from '../submit/draft.ts';
import type { QueuedSubmission } from '../submit/outbox.ts';
import { browserStore, type KeyValueStore, memoryStore } from '../submit/storage.ts';
import { loadBranding } from './branding.ts';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { FORM_CSS } from './styles.ts';
import { Submissions } from './submissions.ts';

let pageStore: KeyValueStore | undefined;

/** The storage given in the options, else localStorage where the browser allows it, else memory (one for the page). */
function storageOf(options: FeedbackOptions): KeyValueStore {
  if (options.storage) return options.storage;
  pageStore ??= browserStore() ?? memoryStore();
  return pageStore;
}

interface AppProps {
  host: HTMLElement;
  store: Store<FeedbackState>;
  close: () => void;
}

interface AppState {
  feedback: FeedbackState;
  locale: Locale<FeedbackMessages>;
  branding: Workspace | null;
}

/**
 * The form's root: follows the element's state, loads the language and the workspace branding,
 * and owns the submissions. Written as a class, like the rest of the form, so the feedback
 * element does not carry `preact/hooks` (see docs/decisions.md).
 */
class App extends Component<AppProps, AppState> {
  #submissions = new Submissions(() => this.forceUpdate());
  #slot = createRef<HTMLSpanElement>();
  #unsubscribe = () => {};
  #dropLocale = () => {};
  #brandingLoad: AbortController | null = null;
  // The inputs each piece of loaded state was last loaded for.
  #loadedFor: Record<string, unknown[]> = {};

  constructor(props: AppProps) {
    super(props);
    const feedback = props.store.get();
    this.state = { feedback, locale: englishLocale(catalog, feedback.options.strings), branding: null };
  }

  override componentDidMount(): void {
    const { store } = this.props;
    this.#unsubscribe = store.subscribe((feedback) => this.setState({ feedback }));
    // Catch up with changes made between the first render and subscribing.
    if (store.get() !== this.state.feedback) this.setState({ feedback: store.get() });
    this.#sync();
  }

  override componentDidUpdate(): void {
    this.#sync();
  }

  override componentWillUnmount(): void {
    this.#unsubscribe();
    this.#dropLocale();
    this.#brandingLoad?.abort();
    this.#submissions.dispose();
  }

  /** Whether `inputs` differ from those `name` was last loaded for (true the first time). */
  #changed(name: string, ...inputs: unknown[]): boolean {
    const previous = this.#loadedFor[name];
    this.#loadedFor[name] = inputs;
    return !previous || inputs.some((input, index) => input !== previous[index]);
  }

  /** Brings what depends on the options up to date, and the launcher button with them. */
  #sync(): void {
    const { host } = this.props;
    const { options, launcher, open } = this.state.feedback;
    const { language, strings } = options;
    if (this.#changed('locale', language, strings)) {
      this.#dropLocale();
      this.#dropLocale = applyLocale(catalog, language, strings, (locale) => this.setState({ locale }));
    }
    const base = options.apiBase ?? options.proxy;
    if (this.#changed('branding', base, options.workspace, options.fetch)) {
      this.#brandingLoad?.abort();
      this.#brandingLoad = null;
      if (base && options.workspace) {
        const controller = new AbortController();
        this.#brandingLoad = controller;
        void loadBranding(base, options.workspace, options.fetch, controller.signal).then((branding) => {
          if (!controller.signal.aborted) this.setState({ branding });
        });
      } else if (this.state.branding) this.setState({ branding: null });
    }
    const store = storageOf(options);
    this.#submissions.configure({
      host,
      proxy: options.proxy,
      identityToken: options.identityToken,
      fetch: options.fetch,
      store,
      onSent: (submission) => this.#forgetDraft(store, submission),
    });
    if (launcher) {
      // The launcher button is drawn before the form code loads; it moves inside the themed root.
      if (launcher.parentNode !== this.#slot.current) this.#slot.current?.append(launcher);
      launcher.textContent = format(this.state.locale, 'launcher');
      launcher.setAttribute('aria-expanded', String(open));
    }
  }

  /** Forgets the draft only if it still holds what was sent (not a newer text). */
  #forgetDraft(store: KeyValueStore, submission: QueuedSubmission): void {
    const { options } = this.state.feedback;
    const key = draftKey(options.proxy, options.workspace);
    const draft = loadDraft(store, key);
    if (draft.text === submission.input.text) {
      saveDraft(store, key, { ...EMPTY_DRAFT, email: draft.email, name: draft.name });
    }
  }

  override render({ close }: AppProps, { feedback, locale, branding }: AppState) {
    const { options, launcher, open, request } = feedback;
    const submissions = this.#submissions;
    const inline = options.mode === 'inline';
    const form = (
      <FeedbackForm
        locale={locale}
        draftKey={draftKey(options.proxy, options.workspace)}
        identityToken={options.identityToken}
        context={{ projectId: request.projectId ?? options.projectId, issueId: request.issueId ?? options.issueId }}
        request={request}
        store={storageOf(options)}
        status={submissions.status}
        onSubmit={(input, spam) => void submissions.submit(input, spam)}
        onReset={() => submissions.reset()}
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
        {launcher ? <span ref={this.#slot} /> : null}
        {inline ? (
          form
        ) : open ? (
          <Dialog
            title={format(locale, 'dialogTitle')}
            closeLabel={format(locale, 'close')}
            onClose={close}
            returnFocus={feedback.trigger}
          >
            {form}
          </Dialog>
        ) : null}
      </ThemeScope>
    );
  }
}

/** Renders the form (and themes the launcher) in `host`'s shadow root; called by `mountFeedback`. */
export function mountForm(host: HTMLElement, store: Store<FeedbackState>, close: () => void): { destroy(): void } {
  const mount = mountShadow(host, { css: [BASE_CSS, FORM_CSS], nonce: store.get().options.nonce });
  mount.render(<App host={host} store={store} close={close} />);
  return { destroy: () => mount.render(null) };
}
