import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@hearken/core';

/** A new signing secret: 32 random bytes, as Standard Webhooks writes them (`whsec_` + base64). */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** How long the secret before a rotation keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
