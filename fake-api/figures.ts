import { createHash } from 'node:crypto';

/** The made-up figures of the fake API's data, each derived from a key: the same on every run. */

export const DAY_MS = 24 * 3600 * 1000;

/** SHA-256 of a text. */
export const hashOf = (text: string) => createHash('sha256').update(text).digest();

/** A whole number from 0 to `mod` - 1, the same for the same key. */
export const figure = (key: string, mod: number) => hashOf(key).readUInt32BE(0) % mod;
