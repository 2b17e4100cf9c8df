// Characters that could end a <script> element, open a comment or an entity, or end a line in
// older JavaScript parsers, written as JSON escapes so the text means the same once parsed.
const UNSAFE = /[<>&\u2028\u2029]/g;

const jsonEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON for a `<script type="application/json">` element: nothing in `value` can close the element
 * or be read as HTML, and `JSON.parse` of the element's text gives `value` back.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, jsonEscape);
}
