/**
 * What each element costs the app that installs it, against its budget, min+gzip and brotli, and
 * the same measure for `@sentry/browser` with its feedback integration, built the same way in the
 * same run. Each figure is a host app built with Vite (`lib/host-build.mjs`) whose entry imports
 * what the READMEs show, `import { define } from '@hearken/roadmap'; define();`, and the same for
 * feedback.
 *
 * "Eager" is the entry chunk and what it imports statically: what the host's bundle carries before
 * any `import()`. "Whole" follows `import()` too: everything that loads once the element has
 * rendered, leaving out only the chunks that hold nothing but languages other than English, the
 * sanitizer fallback (DOMPurify) or the hostile-HTML pass (htmlparser2), which load where needed
 * and are named in the row's note. The core client's entry points are measured in core.bench.mjs.
 */
import { describeLeftOut, hostBuild, KB, measure } from './lib/host-build.mjs';
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

/** Rows: which host, which measure, and the budget in kB (min+gzip). */
const CASES = [
  { name: 'roadmap element, eager', host: 'roadmap', followDynamic: false, budget: 5 },
  { name: 'feedback element, eager', host: 'feedback', followDynamic: false, budget: 5 },
  { name: 'roadmap element, whole', host: 'roadmap', followDynamic: true, budget: 32 },
  { name: 'feedback element, whole', host: 'feedback', followDynamic: true, budget: 30 },
  { name: 'both elements on one page (shared code once)', host: 'both', followDynamic: true, budget: 45 },
  { name: 'hearken.js loader, before any element', host: 'loader', followDynamic: false, budget: 3 },
  { name: 'hearken.js with both elements (shared code once)', host: 'loader', followDynamic: true },
  { name: '@sentry/browser + feedbackIntegration (reference)', host: 'sentry', followDynamic: true },
];

const SENTRY_RATIO_GOAL = 0.9;

/** Issue 36: each element's eager part, and both elements' whole, under every bundler. */
const EAGER_BUDGET = 5;
const BOTH_WHOLE_BUDGET = 60;
/** The hosts built again with each other bundler (the loader is a prebuilt file: Vite alone). */
const OTHER_HOSTS = ['roadmap', 'feedback', 'both', 'sentry'];
/** What loads once the user acts on an English page: the similar-request matcher (typing) and the screenshot. */
const ON_ACTION = new Set(['minisearch', 'screenshot']);

const files = (count) => `${count} file${count === 1 ? '' : 's'}`;

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
      item.followDynamic && describeLeftOut(built, measured.leftOut),
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
    const whole = measure(built, { followDynamic: true });
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

  // The screenshot chunk: what loads when a user asks for a screenshot, beyond the form's whole.
  if (!builds.feedback.error) {
    const built = builds.feedback;
    const whole = measure(built, { followDynamic: true });
    const chunk = [...whole.leftOut].filter(([, why]) => why === 'screenshot').map(([file]) => file);
    const measured = measure(built, { followDynamic: false, from: chunk, skip: whole.reached });
    const error = chunk.length === 0 ? { error: 'the feedback build has no on-demand screenshot chunk' } : {};
    rows.push({
      group: 'size',
      metric: 'screenshot chunk (on demand, outside the budgets) (min+gzip)',
      value: measured.gzip / KB,
      unit: 'kB',
      ...error,
      note: `${files(measured.files)} beyond the feedback element's whole; loads when the user asks for a screenshot`,
    });
    rows.push({
      group: 'size',
      metric: 'feedback element, whole, with the screenshot chunk (min+gzip)',
      value: (whole.gzip + measured.gzip) / KB,
      unit: 'kB',
      ...error,
      note: `the form without it: ${(whole.gzip / KB).toFixed(1)} kB`,
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
      ? { note: `${(both.gzip / KB).toFixed(1)} kB against ${(sentry.gzip / KB).toFixed(1)} kB, each whole` }
      : { error: 'one of the two builds failed (see its row)' }),
  });
  for (const bundler of BUNDLERS)
    rows.push(...(await bundlerRows(root, bundler, bundler === 'vite' ? builds : undefined)));
  return rows;
}

const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * The same hosts built with `bundler`, side by side with the others: each element's eager part,
 * both elements' whole against Sentry's built the same way, and what an English page with both
 * downloads before and after the user acts. `builds` reuses the Vite builds made above.
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
  const whole = (key) => (built[key].error ? undefined : measure(built[key], { followDynamic: true }));
  const both = whole('both');
  const sentry = whole('sentry');
  row(
    `both elements, whole, ${bundler} host (min+gzip)`,
    'both',
    () => both.gzip / KB,
    () => ({
      budget: BOTH_WHOLE_BUDGET,
      note: both && [`${both.files} files`, describeLeftOut(built.both, both.leftOut)].filter(Boolean).join('; '),
    }),
  );
  row(
    `@sentry/browser + feedbackIntegration, ${bundler} host (min+gzip)`,
    'sentry',
    () => sentry.gzip / KB,
    () => ({ note: 'reference, built the same way' }),
  );
  rows.push({
    group: `size, ${bundler}`,
    metric: `both elements / @sentry/browser + feedbackIntegration, ${bundler} host`,
    value: both && sentry ? both.gzip / sentry.gzip : Number.NaN,
    unit: '×',
    ...(both && sentry
      ? { note: `${kB(both.gzip)} against ${kB(sentry.gzip)}` }
      : { error: 'one of the two builds failed (see its row)' }),
  });
  // Before: the page rendered, nothing touched. After: the user typed in the form (the matcher,
  // English only) and took a screenshot; other languages, DOMPurify and the hostile-HTML pass stay out.
  const acted = both && [...both.leftOut].filter(([, why]) => why.split('+').every((kind) => ON_ACTION.has(kind)));
  const after =
    acted && measure(built.both, { followDynamic: false, from: acted.map(([file]) => file), skip: both.reached });
  row(
    `English page with both elements, before the user acts, ${bundler} host (min+gzip)`,
    'both',
    () => both.gzip / KB,
    () => ({ note: 'eager parts, then what both load once rendered' }),
  );
  row(
    `English page with both elements, after the user acts, ${bundler} host (min+gzip)`,
    'both',
    () => (both.gzip + after.gzip) / KB,
    () => ({
      note: after ? `+ ${kB(after.gzip)} in ${after.files} files: the matcher (typing) and the screenshot` : undefined,
    }),
  );
  return rows;
}

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
