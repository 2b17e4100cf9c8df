import { attachmentFromBytes, createMessage, type V2Connection } from '@hearken/core';
import type { QueuedSubmission } from './outbox.ts';

/**
 * The message step of a submission with attachments: one message on its stored thread holding
 * them all, with the proxy's ticket and the message's own Idempotency-Key. Its own module, loaded
 * with the first attachment to send, so the form without one does not carry the message schemas.
 */
export async function sendAttachmentMessage(
  connection: V2Connection,
  submission: QueuedSubmission,
  thread: { id: string; ticket?: string | undefined },
): Promise<void> {
  const { attachments = [], messageKey } = submission;
  if (attachments.length === 0) return;
  const files = await Promise.all(
    attachments.map(async ({ blob, type, name }) =>
      attachmentFromBytes(name, type, new Uint8Array(await blob.arrayBuffer())),
    ),
  );
  await createMessage(
    connection,
    thread.id,
    { content: attachments.map(({ label }) => label).join(', '), attachments: files },
    { idempotencyKey: messageKey ?? `${submission.key}-message`, ticket: thread.ticket },
  );
}
