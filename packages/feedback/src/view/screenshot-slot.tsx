import { lazyModule } from '@hearken/ui/dom';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackOptions } from '../options.ts';

/** The screenshot chunk (capture, editor, encoding), fetched when the user first asks for it. */
const loadPanel = lazyModule(() => import('../screenshot/screenshot-panel.tsx'));

type Panel = Awaited<ReturnType<typeof loadPanel>>['ScreenshotPanel'];

export interface ScreenshotSlotProps {
  model: FeedbackModel;
  label: string;
  language: string | undefined;
  strings: FeedbackOptions['strings'];
}

/** "Add a screenshot" while none is attached; the screenshot panel once asked for. */
export function ScreenshotSlot({ model, label, language, strings }: ScreenshotSlotProps) {
  const [Panel, setPanel] = useState<Panel | null>(null);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Set when the panel closes: its control is gone, so focus comes back to the button.
  const refocus = useRef(false);
  const shown = asked || model.screenshot.value !== null;
  useEffect(() => {
    if (shown && !Panel) void loadPanel().then((module) => setPanel(() => module.ScreenshotPanel));
  }, [shown, Panel]);
  useEffect(() => {
    if (!refocus.current || !button.current) return;
    refocus.current = false;
    button.current.focus();
  });
  if (!model.screenshotsEnabled.value) return null;
  return shown && Panel ? (
    <Panel
      target={model}
      language={language}
      strings={strings}
      focus={asked}
      onClose={() => {
        refocus.current = true;
        setAsked(false);
      }}
    />
  ) : (
    <div class="hk-actions">
      <button ref={button} type="button" class="hk-button" aria-busy={shown} onClick={() => setAsked(true)}>
        {label}
      </button>
    </div>
  );
}
