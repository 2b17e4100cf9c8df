import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';

/** A declared type any bytes fit: the sender says it does not know. */
const ANY_BYTES = 'application/octet-stream';

/** XML that file-type reports as `application/xml` may be declared as any XML type. */
const isXmlType = (type: string) => type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml');

/**
 * Whether `bytes` are of the `declared` type, judged by their magic numbers (file-type). Bytes a
 * known signature names must be declared as that type; bytes no signature names may not be
 * declared as a type that has one (a "PNG" without PNG's signature). Types without a signature
 * (text, JSON, CSV...) are taken as declared: nothing in their bytes could tell otherwise.
 */
export async function bytesMatchType(bytes: Uint8Array, declared: string): Promise<boolean> {
  const type = declared.toLowerCase();
  if (type === ANY_BYTES) return true;
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return !supportedMimeTypes.has(type as never);
  return detected.mime === type || (detected.mime === 'application/xml' && isXmlType(type));
}
