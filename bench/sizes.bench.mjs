/**
 * What each element costs the app that installs it, against its budget, min+gzip and brotli, and
 * the same measure for `@sentry/browser` with its feedback integration, built the same way in the
 * same run. Each figure is a host app built with Vite (`lib/host-build.mjs`) whose entry imports
 * what the READMEs show, `import { define } from '@hearken/roadmap'; define();`, and the same for
 * feedback.
 *
 * "Eager" is the entry chunk and what it imports statically: what the host's bundle carries before
 * any `import()`. "Whole" (issue 36) follows `import()` too: every part a page can load, what loads
 * once the element has rendered and once the user acts (the matcher with its English data when a
 * reader types, the screenshot chunk when a user asks for one), leaving out only the chunks that
 * hold nothing but languages other than English, the sanitizer fallback (DOMPurify) or the
 * hostile-HTML pass (htmlparser2), which load where needed and are named in the row's note. The
 * core client's entry points are measured in core.bench.mjs.
 */
import { copiedSources, describeLeftOut, hostBuild, KB, measure, ON_ACTION } from './lib/host-build.mjs';
import { BUNDLERS } from './lib/host-bundlers.mjs';

const ROADMAP = `import { define } from '@hearken/roadmap';\ndefine();\n`;
const FEEDBACK = `import { define } from '@hearken/feedback';\ndefine();\n`;
const BOTH = `import { define as defineRoadmap } from '@hearken/roadmap';
import { define as defineFeedback } from '@hearken/feedback';
defineRoadmap();
defineFeedback();
`;
const SENTRY = `import { feedbackIntegration, init } from '@sentry/browser';
init({ dsn: 'https://public@o0.ingest.sentry.io/0', integrations: [feedbackIntegration({ colorScheme: 'system' })] });
`;
const LOADER = `import '@hearken/embed/hearken.js';\n`;

/** Each host app, built once; the rows below read several measures of one build. */
const HOSTS = {
  roadmap: { code: ROADMAP, packages: ['@hearken/roadmap'], what: 'define from @hearken/roadmap' },
  feedback: { code: FEEDBACK, packages: ['@hearken/feedback'], what: 'define from @hearken/feedback' },
  both: { code: BOTH, packages: ['@hearken/roadmap', '@hearken/feedback'], what: 'define from both packages' },
  loader: { code: LOADER, packages: ['@hearken/embed'], what: '@hearken/embed/hearken.js' },
  sentry: {
    code: SENTRY,
    packages: ['@sentry/browser'],
    what: 'init with feedbackIntegration from @sentry/browser; reference, built the same way',
  },
};

/** Rows: which host, which measure (`acted`: a whole, see above), and the budget in kB (min+gzip). */
const CASES = [
  { name: 'roadmap element, eager', host: 'roadmap', followDynamic: false, budget: 5 },
  { name: 'feedback element, eager', host: 'feedback', followDynamic: false, budget: 5 },
  { name: 'roadmap element, whole', host: 'roadmap', followDynamic: true, acted: true, budget: 32 },
  { name: 'feedback element, whole', host: 'feedback', followDynamic: true, acted: true, budget: 30 },
  {
    name: 'both elements on one page (shared code once)',
    host: 'both',
    followDynamic: true,
    acted: true,
    budget: 45,
  },
  { name: 'hearken.js loader, before any element', host: 'loader', followDynamic: false, budget: 3 },
  { name: 'hearken.js with both elements (shared code once)', host: 'loader', followDynamic: true, acted: true },
  { name: '@sentry/browser + feedbackIntegration (reference)', host: 'sentry', followDynamic: true, acted: true },
];

const SENTRY_RATIO_GOAL = 0.9;

/** Issue 36: each element's eager part, and both elements' whole, under every bundler. */
const EAGER_BUDGET = 5;
const BOTH_WHOLE_BUDGET = 60;
/** The hosts built again with each other bundler (the loader is a prebuilt file: Vite alone). */
const OTHER_HOSTS = ['roadmap', 'feedback', 'both', 'sentry'];
const files = (count) => `${count} file${count === 1 ? '' : 's'}`;

/**
 * What `@sentry/browser`'s `feedbackIntegration` carries, for the reference rows' notes: it is
 * `feedbackSyncIntegration`, which bundles the form's modal and the screenshot editor with the SDK
 * (`feedbackAsyncIntegration` would fetch them from Sentry's CDN), so a whole of ours that counts the
 * form and the screenshot chunk is its like.
 */
const SENTRY_HOLDS = "feedbackIntegration bundles Sentry's SDK with the feedback modal and the screenshot editor";

/** What a whole counts of {@link ON_ACTION}, by kind, for its note. */
const ACTION_PARTS = {
  minisearch: 'the matcher with English data (typing)',
  screenshot: 'the screenshot chunk (asking for one)',
};

/**
 * "in: ...; left out, on demand: ..." for a whole's note: what it counts beyond what loads once
 * rendered (`before`, the same build measured without acting, gives its size) and what it leaves out.
 */
function wholeNote(built, whole, before) {
  const kinds = new Set([...whole.reached].map((file) => built.chunks.get(file).kind));
  const parts = [...ON_ACTION].filter((kind) => kinds.has(kind)).map((kind) => ACTION_PARTS[kind]);
  const acted = before && whole.gzip > before.gzip ? ` (${kB(whole.gzip - before.gzip)})` : '';
  const action = parts.length > 0 ? `, then once the user acts${acted}: ${parts.join(' and ')}` : '';
  return [`in: the eager part, what loads once rendered${action}`, describeLeftOut(built, whole.leftOut)]
    .filter(Boolean)
    .join('; ');
}

export default async function sizes({ root }) {
  const rows = [];
  const builds = {};
  const figures = {};
  for (const [key, host] of Object.entries(HOSTS)) {
    builds[key] = await hostBuild(root, host).catch((error) => ({ error }));
  }
  for (const item of CASES) {
    const built = builds[item.host];
    const budget = item.budget === undefined ? {} : { budget: item.budget };
    if (built.error) {
      rows.push({
        group: 'size',
        metric: `${item.name} (min+gzip)`,
        value: Number.NaN,
        unit: 'kB',
        ...budget,
        error: built.error.message,
      });
      continue;
    }
    const measured = measure(built, item);
    figures[item.name] = measured;
    const note = [
      files(measured.files),
      HOSTS[item.host].what,
      item.host === 'sentry' && SENTRY_HOLDS,
      item.acted && item.host !== 'sentry' && wholeNote(built, measured, measure(built, { ...item, acted: false })),
      item.followDynamic && item.host === 'sentry' && describeLeftOut(built, measured.leftOut),
    ]
      .filter(Boolean)
      .join('; ');
    rows.push({
      group: 'size',
      metric: `${item.name} (min+gzip)`,
      value: measured.gzip / KB,
      unit: 'kB',
      ...budget,
      note,
    });
    rows.push({ group: 'size', metric: `${item.name} (brotli)`, value: measured.brotli / KB, unit: 'kB', note });
  }

  // The hostile-HTML pass on its own: the on-demand chunks holding htmlparser2 and what only they load.
  if (!builds.roadmap.error) {
    const built = builds.roadmap;
    const whole = measure(built, { followDynamic: true, acted: true });
    const pass = [...whole.leftOut].filter(([, why]) => why === 'htmlparser2').map(([file]) => file);
    const measured = measure(built, { followDynamic: false, from: pass, skip: whole.reached });
    rows.push({
      group: 'size',
      metric: 'changelog hostile-HTML pass (on demand, outside the budgets) (min+gzip)',
      value: measured.gzip / KB,
      unit: 'kB',
      ...(pass.length === 0 ? { error: 'the roadmap build has no on-demand chunk holding htmlparser2' } : {}),
      note: `${files(measured.files)} beyond the roadmap's whole; loads only for changelog HTML with inline handlers or styles`,
    });
  }

  // The roadmap's changelog view, its own chunk: what opening the changelog adds to the roadmap view.
  if (!builds.roadmap.error) {
    const built = builds.roadmap;
    const isChangelog = (file) => built.chunks.get(file).sources.some((id) => /[\\/]changelog-view\.tsx$/.test(id));
    const chunk = [...built.chunks.keys()].find(isChangelog);
    const view = [...built.chunks.keys()].find((file) =>
      built.chunks.get(file).sources.some((id) => /[\\/]view[\\/]mount-view\.tsx$/.test(id)),
    );
    const before = view ? measure(built, { followDynamic: false, from: [built.entry, view] }).reached : new Set();
    const measured = chunk ? measure(built, { followDynamic: false, from: [chunk], skip: before }) : undefined;
    rows.push({
      group: 'size',
      metric: 'roadmap changelog view, on demand when the changelog shows (min+gzip)',
      value: measured ? measured.gzip / KB : Number.NaN,
      unit: 'kB',
      ...(measured
        ? {
            note: `${files(measured.files)} beyond the eager element and the roadmap view (the history, its paging and anchors, the rich-text renderer); inside the roadmap's whole`,
          }
        : { error: 'the roadmap build has no chunk holding changelog-view.tsx' }),
    });
  }

  // The screenshot chunk: what loads when a user asks for a screenshot, beyond the form once rendered.
  if (!builds.feedback.error) {
    const built = builds.feedback;
    const rendered = measure(built, { followDynamic: true });
    const chunk = [...rendered.leftOut].filter(([, why]) => why === 'screenshot').map(([file]) => file);
    const measured = measure(built, { followDynamic: false, from: chunk, skip: rendered.reached });
    rows.push({
      group: 'size',
      metric: 'screenshot chunk (on demand, inside the wholes) (min+gzip)',
      value: measured.gzip / KB,
      unit: 'kB',
      ...(chunk.length === 0 ? { error: 'the feedback build has no on-demand screenshot chunk' } : {}),
      note: `${files(measured.files)} beyond the feedback element once rendered (${kB(rendered.gzip)}); loads when the user asks for a screenshot`,
    });
  }

  const sentry = figures['@sentry/browser + feedbackIntegration (reference)'];
  const both = figures['both elements on one page (shared code once)'];
  rows.push({
    group: 'size',
    metric: 'both elements / @sentry/browser + feedbackIntegration (min+gzip)',
    value: sentry && both ? both.gzip / sentry.gzip : Number.NaN,
    unit: '×',
    budget: SENTRY_RATIO_GOAL,
    ...(sentry && both
      ? {
          note: `${(both.gzip / KB).toFixed(1)} kB against ${(sentry.gzip / KB).toFixed(1)} kB, each whole with the form and the screenshot; ${SENTRY_HOLDS}`,
        }
      : { error: 'one of the two builds failed (see its row)' }),
  });
  for (const bundler of BUNDLERS)
    rows.push(...(await bundlerRows(root, bundler, bundler === 'vite' ? builds : undefined)));
  return rows;
}

const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * The same hosts built with `bundler`, side by side with the others: each element's eager part,
 * both elements' whole (what an English page with both can download, the user's actions included)
 * against Sentry's built the same way, and beside it what the page downloads before the user acts.
 * `builds` reuses the Vite builds made above.
 */
async function bundlerRows(root, bundler, builds = {}) {
  const rows = [];
  const built = {};
  for (const key of OTHER_HOSTS) {
    built[key] = builds[key] ?? (await hostBuild(root, { ...HOSTS[key], bundler }).catch((error) => ({ error })));
  }
  const row = (metric, host, value, extra) => {
    const failed = built[host].error;
    rows.push({
      group: `size, ${bundler}`,
      metric,
      value: failed ? Number.NaN : value(),
      unit: 'kB',
      ...extra(),
      ...(failed ? { error: failed.message.split('\n')[0] } : {}),
    });
  };
  for (const host of ['roadmap', 'feedback']) {
    row(
      `${host} element, eager, ${bundler} host (min+gzip)`,
      host,
      () => measure(built[host], { followDynamic: false }).gzip / KB,
      () => ({
        budget: EAGER_BUDGET,
        note: built[host].error ? undefined : eagerNote(built[host], bundler),
      }),
    );
  }
  const measured = (key, acted) => (built[key].error ? undefined : measure(built[key], { followDynamic: true, acted }));
  // The whole (issue 36): every part an English page can load, the matcher and the screenshot
  // included; beside it what the page loads before the user acts (rendered, nothing touched).
  const both = measured('both', true);
  const before = measured('both', false);
  const sentry = measured('sentry', true);
  row(
    `both elements, whole, ${bundler} host (min+gzip)`,
    'both',
    () => both.gzip / KB,
    () => ({
      budget: BOTH_WHOLE_BUDGET,
      note: both && `${files(both.files)}; ${wholeNote(built.both, both, before)}`,
    }),
  );
  row(
    `English page with both elements, before the user acts, ${bundler} host (min+gzip)`,
    'both',
    () => before.gzip / KB,
    () => ({
      note:
        before &&
        `${files(before.files)}; eager parts, then what both load once rendered; not yet: ${describeLeftOut(built.both, before.leftOut)?.replace(/^left out, on demand: /, '')}`,
    }),
  );
  // What the bundler copied into several of the whole's chunks (webpack's split leaves a module
  // shared by two chunk groups in both when they share less than its 20 kB minimum).
  const copied = both && copiedSources(built.both, both.reached);
  rows.push({
    group: `size, ${bundler}`,
    metric: `both elements, source files in more than one chunk of the whole, ${bundler} host`,
    value: copied ? copied.size : Number.NaN,
    unit: 'files',
    ...(copied
      ? { note: copied.size > 0 ? [...copied.keys()].map(sourceName).join(', ') : 'none: each loads once' }
      : { error: 'the build failed (see its row)' }),
  });
  row(
    `@sentry/browser + feedbackIntegration, ${bundler} host (min+gzip)`,
    'sentry',
    () => sentry.gzip / KB,
    () => ({ note: `reference, built the same way; ${SENTRY_HOLDS}` }),
  );
  rows.push({
    group: `size, ${bundler}`,
    metric: `both elements / @sentry/browser + feedbackIntegration, ${bundler} host`,
    value: both && sentry ? both.gzip / sentry.gzip : Number.NaN,
    unit: '×',
    ...(both && sentry
      ? { note: `${kB(both.gzip)} against ${kB(sentry.gzip)}, each whole with the form and the screenshot` }
      : { error: 'one of the two builds failed (see its row)' }),
  });
  return rows;
}

/** A source file as a note names it: `preact/hooks/src/index.js`, `ui/src/rich-text/render.ts`. */
const sourceName = (id) =>
  id
    .replace(/^.*[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?/, '')
    .replace(/^.*[\\/]packages[\\/]/, '');

/** The eager chunks and what is in them beyond the element's own package, for a row's note. */
function eagerNote(built, bundler) {
  const eager = measure(built, { followDynamic: false });
  const heavy = [
    ...new Set(
      [...eager.reached].flatMap((file) =>
        built.chunks
          .get(file)
          .sources.flatMap(
            (id) =>
              /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
                id,
              )?.[1] ?? [],
          ),
      ),
    ),
  ];
  const runtime = bundler === 'webpack' ? "; webpack's chunk-loading runtime included" : '';
  return `${eager.files} file${eager.files === 1 ? '' : 's'}; packages in it: ${heavy.join(', ') || 'none'}${runtime}`;
}
