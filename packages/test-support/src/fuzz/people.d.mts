/** Types of `people.mjs`. */
import type fc from 'fast-check';

export interface Submission {
  text: string;
  /** `typed`, `pasted` and `autofilled` are people; `bot` is not. */
  manner: 'typed' | 'pasted' | 'autofilled' | 'bot';
  /** `X-Hearken-Fill-Ms`. */
  fillMs: number;
  /** `X-Hearken-Hp`. */
  honeypot: string;
  /** The client address the proxy sees. */
  address: string;
}

export declare const personSubmission: fc.Arbitrary<Submission>;
export declare const botSubmission: fc.Arbitrary<Submission>;
