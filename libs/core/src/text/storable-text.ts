// C0 controls but tab, line feed and carriage return, and DEL: PostgreSQL refuses NUL in text, and none of them is readable.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text PostgreSQL can store and a reader can read: controls removed, lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  return withoutControls(text).replace(LONE_SURROGATE, '\ufffd');
}

/** The text without NUL and the other control characters nobody reads. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}
