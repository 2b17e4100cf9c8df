/**
 * The token in an unsubscribe link: a JWT (HS256, jose) naming the workspace, the contact, the
 * issues the mail was about (none: all of the workspace's mail) and the mail's language. It is
 * signed with a key derived from the workspace's own signing secret, so no setting is needed and
 * one workspace's links cannot stop another's mail. It does not expire: a link in an old email
 * must still work (RFC 8058 asks for that).
 */
import { hkdfSync } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import { isId } from '../ids.ts';
import { MAIL_LANGUAGES, type MailLanguage } from './strings.ts';

/** What an unsubscribe link stops. */
export interface UnsubscribeScope {
  workspaceId: string;
  contactId: string;
  /** The issues to stop following; empty: all of the workspace's mail. */
  issueIds: string[];
  language: MailLanguage;
}

/** Where unsubscribe links point, under the server's public URL. */
export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';

const claimsSchema = z.object({
  w: z.string().check(z.minLength(1)),
  c: z.string().check(z.minLength(1)),
  i: z.optional(z.array(z.string())),
  l: z.enum(MAIL_LANGUAGES),
});

/** The HMAC key of a workspace's unsubscribe tokens, derived from its signing secret. */
function tokenKey(signingSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', signingSecret, 'hearken', 'mail-unsubscribe', 32));
}

export function signUnsubscribeToken(scope: UnsubscribeScope, signingSecret: string): Promise<string> {
  return new SignJWT({
    w: scope.workspaceId,
    c: scope.contactId,
    ...(scope.issueIds.length > 0 ? { i: scope.issueIds } : {}),
    l: scope.language,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(tokenKey(signingSecret));
}

/** The workspace a token claims, read before its signature is checked (to find the secret), or undefined. */
export function claimedWorkspace(token: string): string | undefined {
  try {
    const { w } = decodeJwt(token);
    // Unverified yet: only something that could be an id is looked up.
    return typeof w === 'string' && isId(w) ? w : undefined;
  } catch {
    return undefined;
  }
}

/** The scope of a token signed with this workspace's secret, or undefined when it is not one. */
export async function verifyUnsubscribeToken(
  token: string,
  signingSecret: string,
): Promise<UnsubscribeScope | undefined> {
  try {
    const { payload } = await jwtVerify(token, tokenKey(signingSecret), { algorithms: ['HS256'] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    const { w, c, i, l } = claims.data;
    return { workspaceId: w, contactId: c, issueIds: i ?? [], language: l };
  } catch {
    return undefined;
  }
}
