import { type CreateThread, createThread, createV2Call, type V2ClientOptions } from './clients/v2-options.ts';
import { createUnpacedTransport } from './transport/http.ts';

/** The part of the v2 client that posts feedback: `threads.create`, nothing else. */
export interface FeedbackClient {
  threads: { create: CreateThread };
}

/**
 * A v2 client cut down to `threads.create`, for browser code that only submits feedback (through
 * the key proxy). It is the same code as `createV2Client(options).threads.create` except that it
 * does not pace on the rate-limit headers (a 429 still waits its Retry-After before a retry); it
 * exists so a bundle carries neither the pacer nor the schemas of the v2 methods it never calls.
 */
export function createFeedbackClient(options: V2ClientOptions): FeedbackClient {
  return { threads: { create: createThread(createV2Call(options, createUnpacedTransport)) } };
}
