import { attachmentFromBytes, createMessage, type V2Connection } from '@hearken/core';
import type { QueuedSubmission } from './outbox.ts';
import { screenshotName } from './screenshot.ts';

/**
 * The message step of a submission with a screenshot: the image as the one attachment of a
 * message on its stored thread, with the proxy's ticket and the message's own Idempotency-Key.
 * Its own module, loaded with the first screenshot to send, so the form without one does not
 * carry the message schemas.
 */
export async function sendImageMessage(
  connection: V2Connection,
  submission: QueuedSubmission,
  thread: { id: string; ticket?: string | undefined },
): Promise<void> {
  const { image, messageKey } = submission;
  if (!image) return;
  const bytes = new Uint8Array(await image.blob.arrayBuffer());
  await createMessage(
    connection,
    thread.id,
    { content: 'Screenshot', attachments: [attachmentFromBytes(screenshotName(image.type), image.type, bytes)] },
    { idempotencyKey: messageKey ?? `${submission.key}-message`, ticket: thread.ticket },
  );
}
