/**
 * Turns an outbox row into the email it stands for: who gets it, in which language, with which
 * headers. Reads the rows the payload names (workspace, contact, thread, issue, changelog entry,
 * message) as they are at send time.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Orm } from '../db/open.ts';
import {
  changelogs,
  contacts,
  issues,
  mailUnsubscriptions,
  messages,
  type OutboxMail,
  projects,
  threads,
  workspaces,
} from '../db/schema.ts';
import type { ContactRow, ThreadRow, WorkspaceRow } from '../serialize/rows.ts';
import { loadTranslations, translate } from '../services/translations.ts';
import { type MailLink, type MailParts, renderHtml, renderText } from './render.ts';
import { fill, MAIL_STRINGS, type MailLanguage, mailLanguage } from './strings.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe-token.ts';

/** Outbox kinds that are emails. */
export const MAIL_KINDS = ['issue.follower', 'thread.notify.email', 'message.send'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** What composing needs beyond the database. */
export interface ComposeSettings {
  /** The bare address mail comes from; its domain names the Message-IDs. */
  from: string;
  /** The origin unsubscribe links point at. */
  publicUrl: string;
}

/** A composed email and whom it is for (so unsubscriptions can be checked before sending). */
export interface ComposedMail {
  contactId: string;
  /** The issues the mail is about: a contact who stopped following all of them is not sent it. */
  issueIds: string[];
  mail: Omit<OutboxMail, 'date'>;
}

export type Composition = ComposedMail | { skip: 'no_recipient' };

const followerPayload = z.union([
  z.object({
    event: z.literal('status_changed'),
    issueId: z.string(),
    status: z.string(),
    previousStatus: z.nullable(z.optional(z.string())),
    contactId: z.string(),
    threadId: z.string(),
  }),
  z.object({
    event: z.literal('shipped'),
    changelogId: z.string(),
    issueIds: z.array(z.string()),
    contactId: z.string(),
    threadId: z.string(),
  }),
]);
const notifyPayload = z.object({ threadId: z.string(), changes: z.array(z.string()) });
const messagePayload = z.object({ messageId: z.string(), threadId: z.string() });

/** The payload of a row does not match its kind's contract: retrying will not help. */
export class BadPayloadError extends Error {
  override readonly name = 'BadPayloadError';
}

function parse<T>(schema: z.ZodMiniType<T>, payload: unknown, kind: string): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new BadPayloadError(`outbox payload of kind ${kind} does not match its contract`);
  return result.data;
}

/** The domain of an address, for Message-IDs. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'localhost';

/** The Message-ID every mail about a thread replies to, so a mailbox groups them. */
export const threadRootId = (threadId: string, from: string) => `<hearken.thread.${threadId}@${domainOf(from)}>`;
/** A notification's Message-ID: one per outbox row, i.e. per event and follower. */
export const rowMessageId = (rowId: string, from: string) => `<hearken.${rowId}@${domainOf(from)}>`;
/** A reply's Message-ID, from its message's id: later replies can name it without a lookup. */
export const messageMessageId = (messageId: string, from: string) => `<hearken.message.${messageId}@${domainOf(from)}>`;

/**
 * Which of `mails` their contacts asked to receive no more of: all of the workspace's mail, or
 * every one of the issues a mail is about. One query for the whole batch.
 */
export async function findUnsubscribed(
  orm: Orm,
  mails: readonly { workspaceId: string; contactId: string; issueIds: readonly string[] }[],
): Promise<boolean[]> {
  if (mails.length === 0) return [];
  const rows = await orm
    .select()
    .from(mailUnsubscriptions)
    .where(inArray(mailUnsubscriptions.contactId, [...new Set(mails.map((mail) => mail.contactId))]));
  return mails.map(({ workspaceId, contactId, issueIds }) => {
    const stopped = rows.filter((row) => row.workspaceId === workspaceId && row.contactId === contactId);
    if (stopped.some((row) => row.issueId === null)) return true;
    return issueIds.length > 0 && issueIds.every((id) => stopped.some((row) => row.issueId === id));
  });
}

async function unsubscribeLinks(
  workspace: WorkspaceRow,
  contactId: string,
  issueIds: string[],
  language: MailLanguage,
  settings: ComposeSettings,
): Promise<{ header: string; links: MailLink[] }> {
  const strings = MAIL_STRINGS[language];
  const link = async (ids: string[]) =>
    `${settings.publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}/${await signUnsubscribeToken(
      { workspaceId: workspace.id, contactId, issueIds: ids, language },
      workspace.signingSecret,
    )}`;
  const all = { label: fill(strings.stopAll, { workspace: workspace.name }), url: await link([]) };
  if (issueIds.length === 0) return { header: all.url, links: [all] };
  const issue = { label: strings.stopIssue, url: await link(issueIds) };
  return { header: issue.url, links: [issue, all] };
}

const branding = (workspace: WorkspaceRow) => ({
  name: workspace.name,
  logoUrl: workspace.logoUrl,
  accentColor: workspace.accentColor,
  accentTextColor: workspace.accentTextColor,
});

async function finish(
  parts: Omit<MailParts, 'footer'> & { why?: string },
  meta: {
    workspace: WorkspaceRow;
    contactId: string;
    to: string;
    toName?: string | null;
    issueIds: string[];
    subject: string;
    messageId: string;
    headers: Record<string, string>;
    settings: ComposeSettings;
    fromName: string;
    cc?: string[];
    bcc?: string[];
  },
): Promise<ComposedMail> {
  const { header, links } = await unsubscribeLinks(
    meta.workspace,
    meta.contactId,
    meta.issueIds,
    parts.language,
    meta.settings,
  );
  const full: MailParts = { ...parts, footer: { ...(parts.why ? { why: parts.why } : {}), links } };
  return {
    contactId: meta.contactId,
    issueIds: meta.issueIds,
    mail: {
      messageId: meta.messageId,
      to: meta.to,
      ...(meta.toName ? { toName: meta.toName } : {}),
      ...(meta.cc?.length ? { cc: meta.cc } : {}),
      ...(meta.bcc?.length ? { bcc: meta.bcc } : {}),
      subject: meta.subject,
      text: renderText(full),
      html: await renderHtml(full),
      fromName: meta.fromName,
      headers: {
        ...meta.headers,
        'List-Unsubscribe': `<${header}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  };
}

/** The rows every kind reads (workspaces, threads, live contacts), loaded once for a batch of rows. */
export interface MailContext {
  workspaces: Map<string, WorkspaceRow>;
  threads: Map<string, ThreadRow>;
  contacts: Map<string, ContactRow>;
}

/** What every kind's payload names; a payload that does not match is refused when composed. */
const namedRows = z.object({ threadId: z.optional(z.string()), contactId: z.optional(z.string()) });

/** Loads the context of a batch of rows in three queries, whatever its size. */
export async function loadMailContext(
  orm: Orm,
  rows: readonly { workspaceId: string; payload: unknown }[],
): Promise<MailContext> {
  const named = rows.map((row) => namedRows.safeParse(row.payload).data ?? {});
  const threadIds = [...new Set(named.flatMap((payload) => (payload.threadId ? [payload.threadId] : [])))];
  const [workspaceRows, threadRows] = await Promise.all([
    orm
      .select()
      .from(workspaces)
      .where(inArray(workspaces.id, [...new Set(rows.map((row) => row.workspaceId))])),
    threadIds.length ? orm.select().from(threads).where(inArray(threads.id, threadIds)) : [],
  ]);
  const contactIds = new Set([
    ...named.flatMap((payload) => (payload.contactId ? [payload.contactId] : [])),
    ...threadRows.flatMap((thread) => (thread.contactId ? [thread.contactId] : [])),
  ]);
  const contactRows = contactIds.size
    ? await orm
        .select()
        .from(contacts)
        .where(and(inArray(contacts.id, [...contactIds]), eq(contacts.isDeleted, false)))
    : [];
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((row) => [row.id, row]));
  return { workspaces: byId(workspaceRows), threads: byId(threadRows), contacts: byId(contactRows) };
}

/** What composing one row has to hand. */
interface Job {
  orm: Orm;
  loaded: MailContext;
  row: { id: string; workspaceId: string; kind: MailKind; payload: unknown };
  settings: ComposeSettings;
}

/**
 * A row's payload, parsed by its kind's contract, with its workspace, thread and live contact (the
 * thread's unless the payload names one), each of the row's workspace.
 */
function resolve<T extends { threadId: string; contactId?: string }>(job: Job, schema: z.ZodMiniType<T>) {
  const { loaded, row } = job;
  const payload = parse(schema, row.payload, row.kind);
  const workspace = loaded.workspaces.get(row.workspaceId);
  const found = loaded.threads.get(payload.threadId);
  const thread = found?.workspaceId === row.workspaceId ? found : undefined;
  const id = payload.contactId ?? thread?.contactId;
  const person = id ? loaded.contacts.get(id) : undefined;
  const contact = person?.workspaceId === row.workspaceId ? person : undefined;
  return { payload, workspace, thread, contact };
}

const threadLanguage = (thread: ThreadRow | undefined) => mailLanguage(thread?.metadata?.language);

/**
 * Composes the email of an outbox row of one of `MAIL_KINDS`, from `loaded` when its batch's
 * context was loaded already.
 */
export async function composeMail(
  orm: Orm,
  row: { id: string; workspaceId: string; kind: MailKind; payload: unknown },
  settings: ComposeSettings,
  loaded?: MailContext,
): Promise<Composition> {
  const job = { orm, loaded: loaded ?? (await loadMailContext(orm, [row])), row, settings };
  if (row.kind === 'issue.follower') return composeFollower(job);
  if (row.kind === 'thread.notify.email') return composeThreadUpdate(job);
  return composeReply(job);
}

async function composeFollower(job: Job): Promise<Composition> {
  const { orm, row, settings } = job;
  const { payload, workspace, thread, contact } = resolve(job, followerPayload);
  if (!workspace || !contact) return { skip: 'no_recipient' };
  const language = threadLanguage(thread);
  const strings = MAIL_STRINGS[language];
  const issueIds = payload.event === 'shipped' ? payload.issueIds : [payload.issueId];
  const issueRows = issueIds.length
    ? await orm
        .select()
        .from(issues)
        .where(and(eq(issues.workspaceId, row.workspaceId), inArray(issues.id, issueIds)))
    : [];
  const translated = await loadTranslations(orm, row.workspaceId, 'issue', issueIds, language);
  const titles = issueRows.map((issue) => translate(issue, translated, ['title']).title);
  const why = fill(strings.why, { workspace: workspace.name });
  const common = {
    workspace,
    contactId: contact.id,
    to: contact.email,
    toName: contact.name,
    issueIds,
    messageId: rowMessageId(row.id, settings.from),
    headers: threadHeaders(payload.threadId, settings.from, []),
    settings,
    fromName: workspace.name,
  };
  if (payload.event === 'status_changed') {
    const title = titles[0] ?? '';
    const values = { title, status: payload.status, previous: payload.previousStatus ?? '—' };
    return finish(
      { language, branding: branding(workspace), paragraphs: [fill(strings.statusBody, values)], why },
      { ...common, subject: fill(strings.statusSubject, values) },
    );
  }
  const [entry] = await orm
    .select()
    .from(changelogs)
    .where(and(eq(changelogs.id, payload.changelogId), eq(changelogs.workspaceId, row.workspaceId)));
  const entryTitle = entry
    ? translate(entry, await loadTranslations(orm, row.workspaceId, 'changelog', [entry.id], language), ['title']).title
    : '';
  return finish(
    {
      language,
      branding: branding(workspace),
      paragraphs: [fill(strings.shippedBody, { entry: entryTitle })],
      items: titles,
      why,
    },
    { ...common, subject: fill(strings.shippedSubject, { titles: titles.join(', ') }) },
  );
}

/** In-Reply-To and References: the thread's root, then the messages before (the last ten). */
function threadHeaders(threadId: string, from: string, earlier: string[]): Record<string, string> {
  const chain = [threadRootId(threadId, from), ...earlier.slice(-10)];
  return { 'In-Reply-To': chain.at(-1)!, References: chain.join(' ') };
}

const V1_CHANGE_LINES = {
  state: 'state',
  title: 'title',
  text: 'text',
  painLevel: 'painLevel',
  projectId: 'project',
} as const;

async function composeThreadUpdate(job: Job): Promise<Composition> {
  const { orm, row, settings } = job;
  const { payload, workspace, thread, contact } = resolve(job, notifyPayload);
  if (!workspace || !thread || !contact) return { skip: 'no_recipient' };
  const language = threadLanguage(thread);
  const strings = MAIL_STRINGS[language];
  const title = thread.title ?? thread.text.slice(0, 80);
  // Only a moved thread names its project.
  const [project] =
    thread.projectId && payload.changes.includes('projectId')
      ? await orm.select({ name: projects.name }).from(projects).where(eq(projects.id, thread.projectId))
      : [];
  const lines = new Set<string>();
  for (const change of payload.changes) {
    const line = V1_CHANGE_LINES[change as keyof typeof V1_CHANGE_LINES];
    if (line === 'state') lines.add(fill(strings.changed.state, { value: strings.states[thread.state] }));
    else if (line === 'project') lines.add(fill(strings.changed.project, { value: project?.name ?? '' }));
    else if (line) lines.add(strings.changed[line]);
    // lastStateChangeAt comes with every state change and says nothing of its own.
    else if (change !== 'lastStateChangeAt') lines.add(strings.changed.other);
  }
  return finish(
    {
      language,
      branding: branding(workspace),
      paragraphs: [fill(strings.updateBody, { title })],
      items: [...lines],
      why: fill(strings.why, { workspace: workspace.name }),
    },
    {
      workspace,
      contactId: contact.id,
      to: contact.email,
      toName: contact.name,
      issueIds: [],
      subject: fill(strings.updateSubject, { title }),
      messageId: rowMessageId(row.id, settings.from),
      headers: threadHeaders(thread.id, settings.from, []),
      settings,
      fromName: workspace.name,
    },
  );
}

const addresses = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((entry) =>
        entry && typeof entry === 'object' && typeof (entry as { email?: unknown }).email === 'string'
          ? [(entry as { email: string }).email]
          : [],
      )
    : [];

async function composeReply(job: Job): Promise<Composition> {
  const { orm, row, settings } = job;
  const { payload, workspace, thread, contact } = resolve(job, messagePayload);
  if (!workspace || !thread || !contact) return { skip: 'no_recipient' };
  const threadMessages = await orm
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, thread.id), eq(messages.workspaceId, row.workspaceId)))
    .orderBy(asc(messages.date), asc(messages.createdAt));
  const index = threadMessages.findIndex((message) => message.id === payload.messageId);
  const message = threadMessages[index];
  if (!message) return { skip: 'no_recipient' };
  // Earlier replies were sent under their derived ids; inbound mail keeps the id it came with.
  const earlier = threadMessages
    .slice(0, index)
    .flatMap((m) =>
      m.type === 'OUTBOUND' ? [messageMessageId(m.id, settings.from)] : m.messageId ? [m.messageId] : [],
    );
  const language = threadLanguage(thread);
  const strings = MAIL_STRINGS[language];
  const sender = message.from as { name?: string; email?: string } | null;
  const senderName = sender?.name || workspace.name;
  // The placeholder sender of a key without a member cannot take an answer.
  const replyTo = sender?.email && !sender.email.endsWith('.invalid') ? sender.email : undefined;
  return finish(
    {
      language,
      branding: branding(workspace),
      paragraphs: replyTo ? [fill(strings.replyHint, { sender: senderName })] : [],
      quote: message.textContent ?? '',
    },
    {
      workspace,
      contactId: contact.id,
      to: contact.email,
      toName: contact.name,
      cc: addresses(message.cc),
      bcc: addresses(message.bcc),
      issueIds: [],
      subject: message.subject ?? fill(strings.updateSubject, { title: thread.title ?? '' }),
      messageId: messageMessageId(message.id, settings.from),
      headers: { ...threadHeaders(thread.id, settings.from, earlier), ...(replyTo ? { 'Reply-To': replyTo } : {}) },
      settings,
      fromName: `${senderName} (${workspace.name})`,
    },
  );
}
