/**
 * How long the widgets' tests wait for the DOM (Testing Library's `findBy…` and `waitFor`). A guard
 * against a hang, not a speed check: a file's first render imports the lazy view and form from
 * source, and beside the consumer suite's builds on two cores that took over 5 s. It stays under
 * the run's 15 s case limit, so a missing element fails with its own message.
 */
export const DOM_WAIT_MS = 10_000;
