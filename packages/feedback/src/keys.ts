/**
 * What the launcher needs before the form code loads, kept apart from the string table and the
 * queue, which load with the view.
 */

/** Storage key of the offline queue, so the launcher can tell whether a submission waits. */
export const OUTBOX_KEY = 'hearken-feedback:outbox';

/** The launcher's English label (`en.launcher`), shown until the form applies the language. */
export const LAUNCHER_LABEL = 'Feedback';
