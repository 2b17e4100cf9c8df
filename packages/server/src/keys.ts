import { createHash, randomInt } from 'node:crypto';
import { KEY_PATTERNS, KEY_PREFIXES } from '@hearken/core';

export type KeyVersion = 1 | 2;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The prefix of each generation's keys, as core defines them. */
export const KEY_PREFIX = { 1: KEY_PREFIXES.v1, 2: KEY_PREFIXES.v2 } as const;

export interface GeneratedKey {
  /** The secret, shown once to whoever created the key and never stored. */
  secret: string;
  /** SHA-256 of the secret (hex): all the server keeps. */
  hash: string;
  /** The first four characters after the prefix, shown in listings. */
  preview: string;
}

/** SHA-256 of a key secret, hex-encoded. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new random key of the given generation: prefix plus 32 characters of [A-Za-z0-9]. */
export function generateKey(version: KeyVersion): GeneratedKey {
  let body = '';
  for (let i = 0; i < 32; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  const secret = `${KEY_PREFIX[version]}${body}`;
  return { secret, hash: hashSecret(secret), preview: body.slice(0, 4) };
}

/** The generation a presented secret claims by its format, or undefined when it is neither. */
export function keyVersionOf(secret: string): KeyVersion | undefined {
  if (KEY_PATTERNS.v2.test(secret)) return 2;
  if (KEY_PATTERNS.v1.test(secret)) return 1;
  return undefined;
}
