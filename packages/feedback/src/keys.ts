/** Storage key of the offline queue; tiny on purpose so the launcher can check it without the form code. */
export const OUTBOX_KEY = 'hearken-feedback:outbox';
