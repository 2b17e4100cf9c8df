/** A value made safe for HTML text and quoted attributes of the bench's pages. */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
