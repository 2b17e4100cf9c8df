/**
 * The launcher's English label (`en.launcher`), shown until the form applies the language. Apart
 * from the string table, which loads with the view.
 */
export const LAUNCHER_LABEL = 'Feedback';
