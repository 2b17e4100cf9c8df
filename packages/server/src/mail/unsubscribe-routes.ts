/**
 * The unsubscribe link of every email. `POST` (a mail client's one-click button, RFC 8058, or the
 * page's own button) records the unsubscription without signing in; `GET` only shows a page with
 * that button, so a link scanner that follows links changes nothing. The page runs no script and
 * its one style block is allowed by hash, under a strict Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { contacts, issues, mailUnsubscriptions, workspaces } from '../db/schema.ts';
import type { AddressLimiter } from '../http/address-limit.ts';
import { UNKNOWN_ADDRESS } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { type RateLimitOutcome, setRateLimitHeaders } from '../http/rate-limit.ts';
import { fill, MAIL_STRINGS, type MailLanguage, RTL_LANGUAGES } from './strings.ts';
import { claimedWorkspace, UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#18181b}button{font:inherit;padding:.5rem 1rem;cursor:pointer}';
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

async function page(language: MailLanguage, body: unknown): Promise<string> {
  const strings = MAIL_STRINGS[language];
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  return String(
    await html`<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${strings.pageTitle}</title><style>${raw(STYLE)}</style></head>
<body><h1>${strings.pageTitle}</h1>${body}</body></html>
`,
  );
}

const tooMany = (outcome: RateLimitOutcome) =>
  new HttpError(
    'rate_limited',
    `Too many invalid unsubscribe links from this address; retry in ${outcome.retryAfter} s`,
  );

/**
 * The unsubscribe pages, limited per client address as requests without a valid API key are
 * (`addresses`, the same counters): a forged or altered token counts against its address, and an
 * address past its limit is answered 429 before any database read. A valid token is never
 * counted, so a mailbox provider's servers, which send one POST per press for many people from a
 * few addresses, are not refused for their number.
 */
export function unsubscribeRoutes(addresses: AddressLimiter): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(`${UNSUBSCRIBE_PATH}/*`, async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CSP);
    c.header('Cache-Control', 'no-store');
    // The token is in the URL: it must not leak to anything the page links to.
    c.header('Referrer-Policy', 'no-referrer');
  });
  app.use(`${UNSUBSCRIBE_PATH}/*`, async (c, next) => {
    const address = c.var.clientAddress;
    // Where the runtime tells no address, everyone shares one bucket: a flood there must not shut valid links out.
    if (address !== UNKNOWN_ADDRESS) {
      const standing = await addresses.peek(address);
      if (!standing.allowed) {
        setRateLimitHeaders(c, standing);
        throw tooMany(standing);
      }
    }
    await next();
  });

  /** The token's scope and workspace, or undefined when the token is not valid. */
  const check = async (orm: AppEnv['Variables']['services']['db']['orm'], token: string) => {
    const workspaceId = claimedWorkspace(token);
    if (!workspaceId) return undefined;
    const [workspace] = await orm.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    if (!workspace) return undefined;
    const scope = await verifyUnsubscribeToken(token, workspace.signingSecret);
    return scope?.workspaceId === workspace.id ? { scope, workspace } : undefined;
  };
  /** The answer to a token that is not valid: counted against the address, 400 until it is past its limit. */
  const invalid = async (c: Context<AppEnv>) => {
    const outcome = await addresses.consume(c.var.clientAddress);
    setRateLimitHeaders(c, outcome);
    if (!outcome.allowed) throw tooMany(outcome);
    return c.html(await page('en', html`<p>${MAIL_STRINGS.en.pageInvalid}</p>`), 400);
  };

  app.get(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    const found = await check(c.get('services').db.orm, c.req.param('token'));
    if (!found) return invalid(c);
    const { scope, workspace } = found;
    const strings = MAIL_STRINGS[scope.language];
    const ask = fill(scope.issueIds.length > 0 ? strings.pageAskIssue : strings.pageAskAll, {
      workspace: workspace.name,
    });
    return c.html(
      await page(
        scope.language,
        html`<p>${ask}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${strings.pageButton}</button></form>`,
      ),
    );
  });

  app.post(`${UNSUBSCRIBE_PATH}/:token`, async (c) => {
    const { db, now } = c.get('services');
    const found = await check(db.orm, c.req.param('token'));
    if (!found) return invalid(c);
    const { scope, workspace } = found;
    const strings = MAIL_STRINGS[scope.language];
    await db.orm.transaction(async (tx) => {
      const [contact] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.id, scope.contactId), eq(contacts.workspaceId, workspace.id)));
      // A contact deleted since the mail was sent gets no mail anyway.
      if (!contact) return;
      // Issues deleted since then need no unsubscription (and could not be referenced).
      const issueIds =
        scope.issueIds.length > 0
          ? (
              await tx
                .select({ id: issues.id })
                .from(issues)
                .where(and(eq(issues.workspaceId, workspace.id), inArray(issues.id, scope.issueIds)))
            ).map((row) => row.id)
          : [null];
      if (issueIds.length === 0) return;
      await tx
        .insert(mailUnsubscriptions)
        .values(
          issueIds.map((issueId) => ({ workspaceId: workspace.id, contactId: contact.id, issueId, createdAt: now() })),
        )
        .onConflictDoNothing();
    });
    const done = fill(scope.issueIds.length > 0 ? strings.pageDoneIssue : strings.pageDoneAll, {
      workspace: workspace.name,
    });
    return c.html(await page(scope.language, html`<p>${done}</p>`));
  });
  return app;
}
