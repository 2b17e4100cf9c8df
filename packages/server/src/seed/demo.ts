import type { THREAD_ORIGINS } from '@hearken/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Orm } from '../db/open.ts';
import {
  apiKeys,
  changelogs,
  companies,
  contacts,
  customerNeeds,
  issues,
  members,
  messages,
  projects,
  tags,
  threads,
  threadTags,
  trackerStatuses,
  trackerTiers,
  translations,
  workspaces,
} from '../db/schema.ts';
import type { MemberRow } from '../serialize/rows.ts';
import { addMember, createApiKey, createWorkspace, type NewWorkspace } from '../services/provision.ts';
import { DEMO_CHANGELOG, demoChangelogRows, pointDemoAssetsAt } from './changelog.ts';
import {
  CHANGELOG,
  COMPANIES,
  FEEDBACK,
  FIRST_NAMES,
  ISSUE_PRIORITIES,
  LAST_NAMES,
  PROJECTS,
  TAGS,
} from './content.ts';
import { seedFollowers } from './followers.ts';
import { DEMO_ISSUES, HIDDEN_ISSUES } from './issues.ts';
import { createRandom, type Random } from './prng.ts';

/** What `seedDemo` created. The key secrets exist only here: print them once, they are not stored. */
export interface SeedResult {
  /** The published demo workspace. */
  workspaceId: string;
  /** A second workspace whose portal is not published (for isolation and 404 demos). */
  unpublishedWorkspaceId: string;
  keys: {
    /** v1 key of the demo workspace's first admin. */
    v1: string;
    /** v2 key with every scope. */
    v2Full: string;
    /** v2 key with `threads:write` only, as the key proxy needs. */
    v2ThreadsWrite: string;
    /** v2 key with `threads:write` and `changelogs:read`: a key proxy that also serves the published changelog. */
    v2ProxyChangelog: string;
    /**
     * v2 key with `threads:write`, `messages:write`, `changelogs:read` and `threads:read`: the demo's
     * key proxy, serving the changelog, taking screenshots and handing out receipts.
     */
    v2ProxyMessages: string;
  };
}

/** Fixed ids, so URLs in docs, examples and screenshots stay the same across runs. */
export const DEMO_WORKSPACE_ID = '7b0c3a52-5f1e-4d7a-9c1b-2f6a8e4d9c01';
export const DEMO_UNPUBLISHED_WORKSPACE_ID = '7b0c3a52-5f1e-4d7a-9c1b-2f6a8e4d9c02';
/** The demo's "now": all seeded timestamps lie before it. */
const BASE = Date.UTC(2026, 9, 1, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const KEY_NAME = 'Demo seed';
/** The changelog entries added after the first three draw their ids here, leaving the main sequence as it was. */
const CHANGELOG_PRNG_SEED = 20251101;

/** The origin the demo's logo and images name when none is given: the server's default address. */
const DEFAULT_ORIGIN = 'http://127.0.0.1:4000';

/**
 * Fills the database with the demo: a published workspace with full branding, 8 projects, 50
 * issues (47 on the portal, in German and French too), a year of changelog entries (rich text and
 * HTML, with German translations, one draft and one archived), companies, contacts and 200 threads
 * with email conversations, plus a second, unpublished workspace. The data is the same on every
 * run (seeded PRNG, fixed dates). Run again on a seeded database it leaves the data alone and only
 * replaces the demo keys, since their secrets were shown once and are not stored. Every run points
 * the logo and the changelog images at `origin`, the server that serves them (`/assets/demo/`).
 */
export async function seedDemo(db: Db, now: Date = new Date(), origin: string = DEFAULT_ORIGIN): Promise<SeedResult> {
  return db.orm.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, DEMO_WORKSPACE_ID));
    if (!existing) {
      for (const { fields, daysAgo, prngSeed, fill } of DEMO_WORKSPACES) {
        const created = new Date(BASE - daysAgo * DAY);
        await createWorkspace(tx, fields, created);
        await fill(tx, createRandom(prngSeed), fields.id, created);
      }
      await seedFollowers(tx, DEMO_WORKSPACE_ID, new Date(BASE));
    }
    await pointDemoAssetsAt(tx, DEMO_WORKSPACE_ID, origin);
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.workspaceId, DEMO_WORKSPACE_ID), eq(apiKeys.name, KEY_NAME), isNull(apiKeys.revokedAt)));
    const [admin] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.workspaceId, DEMO_WORKSPACE_ID), eq(members.role, 'ADMIN')))
      .orderBy(asc(members.createdAt), asc(members.id))
      .limit(1);
    const key = (version: 1 | 2, scopes?: string[]) =>
      createApiKey(
        tx,
        {
          workspaceId: DEMO_WORKSPACE_ID,
          version,
          name: KEY_NAME,
          memberId: admin?.id ?? null,
          ...(scopes ? { scopes } : {}),
        },
        now,
      );
    return {
      workspaceId: DEMO_WORKSPACE_ID,
      unpublishedWorkspaceId: DEMO_UNPUBLISHED_WORKSPACE_ID,
      keys: {
        v1: (await key(1)).secret,
        v2Full: (await key(2)).secret,
        v2ThreadsWrite: (await key(2, ['threads:write'])).secret,
        v2ProxyChangelog: (await key(2, ['threads:write', 'changelogs:read'])).secret,
        v2ProxyMessages: (await key(2, ['threads:write', 'messages:write', 'changelogs:read', 'threads:read'])).secret,
      },
    };
  });
}

/**
 * The published demo workspace, with full branding: Lumen Notes, the notes app whose site, app and
 * settings page the examples are, so every widget there is headed with the product on the page.
 */
const LUMEN_NOTES = {
  id: DEMO_WORKSPACE_ID,
  name: 'Lumen Notes',
  domain: 'lumen-notes',
  darkMode: false,
  backgroundColor: '#ffffff',
  darkModeBackgroundColor: '#0f172a',
  textColor: '#0f172a',
  darkModeTextColor: '#e2e8f0',
  accentColor: '#4f46e5',
  darkModeAccentColor: '#818cf8',
  accentTextColor: '#ffffff',
  darkModeAccentTextColor: '#0f172a',
  buttonTextColor: '#ffffff',
  darkModeButtonTextColor: '#0f172a',
  customDomain: 'feedback.lumen-notes.example',
  logoLink: 'https://lumen-notes.example',
  changelogPublic: true,
  portalPublished: true,
  trackerConnected: true,
} satisfies NewWorkspace;

/** The second demo workspace: its portal and changelog stay private. */
const INITECH_INTERNAL = {
  id: DEMO_UNPUBLISHED_WORKSPACE_ID,
  name: 'Initech Internal',
  domain: 'initech-internal',
  portalPublished: false,
  changelogPublic: false,
} satisfies NewWorkspace;

/**
 * The demo workspaces: each created `daysAgo` days before BASE, then filled by `fill` with its own
 * seeded PRNG, so each one's data stays the same whatever the other holds.
 */
const DEMO_WORKSPACES = [
  { fields: LUMEN_NOTES, daysAgo: 400, prngSeed: 20261001, fill: fillPublished },
  { fields: INITECH_INTERNAL, daysAgo: 100, prngSeed: 4242, fill: fillUnpublished },
];

const at = (daysAgo: number, random: Random) => new Date(BASE - daysAgo * DAY - random.int(0, DAY - 1));

async function fillPublished(tx: Orm, random: Random, workspaceId: string, created: Date): Promise<void> {
  await tx.insert(trackerStatuses).values(
    [
      ['Active', '#10b981'],
      ['Trial', '#0ea5e9'],
      ['At risk', '#f59e0b'],
      ['Churned', '#ef4444'],
    ].map(([name, color], i) => ({ id: `status-${i + 1}`, workspaceId, name: name!, color: color! })),
  );
  await tx
    .insert(trackerTiers)
    .values(['Enterprise', 'Growth', 'Starter'].map((name, i) => ({ id: `tier-${i + 1}`, workspaceId, name })));

  const people = [
    ['Ada Lovelace', 'ADMIN'],
    ['Grace Hopper', 'ADMIN'],
    ['Alan Turing', 'USER'],
    ['Katherine Johnson', 'USER'],
    ['Linus Pauling', 'VIEWER'],
  ] as const;
  const team: MemberRow[] = [];
  for (const [name, role] of people) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@lumen-notes.example`;
    team.push(await addMember(tx, workspaceId, { id: random.uuid(), name, email, role }, created));
  }

  const projectRows = PROJECTS.map((p, i) => ({
    id: random.uuid(),
    workspaceId,
    name: p.name,
    description: p.description,
    color: p.color,
    icon: p.icon,
    trackerProjectId: `PRJ-${101 + i}`,
    state: p.state,
    trackerTeamIds: ['team-web', ...(i % 2 ? ['team-mobile'] : [])],
    progress: p.progress,
    sortOrder: i,
    importanceScore: random.int(10, 100),
    createdAt: at(300 - i * 20, random),
  }));
  await tx.insert(projects).values(projectRows);

  const issueRows = DEMO_ISSUES.map((issue, i) => {
    const createdAt = at(250 - i * 5, random);
    return {
      id: random.uuid(),
      workspaceId,
      projectId: issue.project === null ? null : projectRows[issue.project]!.id,
      identifier: `ACME-${200 + i}`,
      trackerTicketId: `tkt_${1000 + i}`,
      priority: ISSUE_PRIORITIES[i % ISSUE_PRIORITIES.length]!,
      status: issue.status,
      team: i % 2 ? 'Mobile' : 'Web',
      title: issue.title,
      url: `https://tracker.example/acme/ACME-${200 + i}`,
      description: issue.description,
      descriptionData: null,
      isVisible: !HIDDEN_ISSUES.has(issue.key),
      sortOrder: i,
      importanceScore: random.int(0, 100),
      summary: [...issue.summary],
      summaryUpdated: i % 3 === 0 ? createdAt : null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + DAY),
    };
  });
  await tx.insert(issues).values(issueRows);

  const changelogRows = demoChangelogRows(
    workspaceId,
    BASE,
    projectRows.map((project) => project.id),
    CHANGELOG.map(() => random.uuid()),
    createRandom(CHANGELOG_PRNG_SEED),
    new Map(DEMO_ISSUES.map((issue, i) => [issue.key, issueRows[i]!.id])),
  );
  await tx.insert(changelogs).values(changelogRows);

  type NewTranslation = typeof translations.$inferInsert;
  const translation = (
    language: string,
    entityType: NewTranslation['entityType'],
    entityId: string,
    field: NewTranslation['field'],
    value: NewTranslation['value'],
  ): NewTranslation => ({ workspaceId, entityType, entityId, language, field, value });
  const german = (
    entityType: NewTranslation['entityType'],
    entityId: string,
    field: NewTranslation['field'],
    value: NewTranslation['value'],
  ): NewTranslation => translation('de', entityType, entityId, field, value);
  await tx.insert(translations).values([
    ...PROJECTS.flatMap((p, i) => [
      german('project', projectRows[i]!.id, 'name', p.de),
      german('project', projectRows[i]!.id, 'description', p.deDescription),
    ]),
    ...issueRows.flatMap((issue, i) => {
      const { de, fr } = DEMO_ISSUES[i]!;
      return [
        german('issue', issue.id, 'title', de[0]),
        german('issue', issue.id, 'description', de[1]),
        translation('fr', 'issue', issue.id, 'title', fr[0]),
        translation('fr', 'issue', issue.id, 'description', fr[1]),
      ];
    }),
    ...DEMO_CHANGELOG.flatMap((entry, i) => [
      german('changelog', changelogRows[i]!.id, 'title', entry.de),
      ...(entry.deNotes ? [german('changelog', changelogRows[i]!.id, 'notes', entry.deNotes)] : []),
    ]),
  ]);

  const tagRows = TAGS.map(([name, color, icon]) => ({
    id: random.uuid(),
    workspaceId,
    name,
    color,
    icon,
    tagGroupId: 'default',
  }));
  await tx.insert(tags).values(tagRows);

  const companyRows = COMPANIES.map(([name, domain], i) => ({
    id: random.uuid(),
    workspaceId,
    name,
    domains: [domain],
    externalIds: [`crm-${5000 + i}`],
    autoAdd: i % 3 === 0,
    size: random.int(5, 5000),
    revenue: random.int(10, 900) * 10000,
    ...(i % 4 === 3 ? {} : { tierId: `tier-${(i % 3) + 1}`, tierName: ['Enterprise', 'Growth', 'Starter'][i % 3]! }),
    statusId: `status-${(i % 4) + 1}`,
    statusName: ['Active', 'Trial', 'At risk', 'Churned'][i % 4]!,
    statusColor: ['#10b981', '#0ea5e9', '#f59e0b', '#ef4444'][i % 4]!,
    trackerCustomerId: `cust_${700 + i}`,
    ownerId: team[i % 2]!.id,
    createdAt: at(380 - i, random),
    updatedAt: at(100, random),
  }));
  await tx.insert(companies).values(companyRows);

  const contactRows = Array.from({ length: 48 }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 3) % LAST_NAMES.length]!;
    const company = i % 8 === 7 ? undefined : companyRows[i % companyRows.length]!;
    const domain = company?.domains[0] ?? 'gmail.example';
    const createdAt = at(360 - i * 5, random);
    return {
      id: random.uuid(),
      workspaceId,
      email: `${first}.${last}${i}@${domain}`.toLowerCase(),
      name: `${first} ${last}`,
      companyId: company?.id ?? null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await tx.insert(contacts).values(contactRows);

  const threadRows = [];
  const needRows = [];
  const messageRows = [];
  const tagLinks = [];
  const states = ['NEW', 'NEW', 'NEW', 'PROCESSED', 'COMPLETED', 'SNOOZED', 'UNSNOOZED'] as const;
  const origins = [
    'EMAIL',
    'EMAIL',
    'WIDGET',
    'PORTAL',
    'API',
    'CHAT',
    'UPVOTE',
  ] as const satisfies readonly (typeof THREAD_ORIGINS)[number][];
  for (let i = 0; i < 200; i++) {
    const contact = contactRows[random.int(0, contactRows.length - 1)]!;
    const [title, body] = random.pick(FEEDBACK);
    const createdAt = at(random.int(0, 180), random);
    const state = random.pick(states);
    const issue = random.chance(0.5) ? random.pick(issueRows) : undefined;
    const project = issue?.projectId
      ? projectRows.find((p) => p.id === issue.projectId)
      : random.chance(0.3)
        ? random.pick(projectRows)
        : undefined;
    const id = random.uuid();
    const inboundAt = new Date(createdAt.getTime() + 60_000);
    const replied = random.chance(0.6);
    const outboundAt = new Date(inboundAt.getTime() + random.int(1, 48) * 3_600_000);
    threadRows.push({
      id,
      workspaceId,
      title,
      text: body,
      state,
      painLevel: random.pick(['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH'] as const),
      origin: random.pick(origins),
      contactId: contact.id,
      companyId: contact.companyId,
      assigneeId: random.chance(0.7) ? random.pick(team).id : null,
      reporterId: random.pick(team).id,
      projectId: project?.id ?? null,
      issueId: issue?.id ?? null,
      snoozedUntil: state === 'SNOOZED' ? new Date(BASE + random.int(1, 14) * DAY) : null,
      lastInboundMessageAt: inboundAt,
      lastOutboundMessageAt: replied ? outboundAt : null,
      lastStateChangeAt: state === 'NEW' ? null : outboundAt,
      createdAt,
      updatedAt: replied ? outboundAt : inboundAt,
    });
    if (project || issue) {
      needRows.push({
        id: random.uuid(),
        workspaceId,
        threadId: id,
        projectId: project?.id ?? null,
        issueId: issue?.id ?? null,
        priority: random.int(0, 3),
        createdAt,
        updatedAt: createdAt,
      });
    }
    if (random.chance(0.5)) tagLinks.push({ workspaceId, threadId: id, tagId: random.pick(tagRows).id });
    const customer = { name: contact.name, email: contact.email, mailboxHash: '' };
    const support = { name: 'Lumen Notes Support', email: 'support@lumen-notes.example', mailboxHash: '' };
    messageRows.push({
      id: random.uuid(),
      workspaceId,
      threadId: id,
      type: 'INBOUND' as const,
      subject: title,
      originalRecipient: support.email,
      from: customer,
      to: [support],
      textContent: body.replace(/<[^>]+>/g, ''),
      htmlContent: `<p>${body}</p>`,
      messageId: `<${id}.in@mail.example>`,
      date: inboundAt,
      createdAt: inboundAt,
      updatedAt: inboundAt,
    });
    if (replied) {
      const reply = 'Thanks for telling us. We have shared this with the product team and will follow up here.';
      messageRows.push({
        id: random.uuid(),
        workspaceId,
        threadId: id,
        type: 'OUTBOUND' as const,
        subject: `Re: ${title}`,
        originalRecipient: null,
        from: support,
        to: [customer],
        textContent: reply,
        htmlContent: `<p>${reply}</p>`,
        messageId: `<${id}.out@mail.example>`,
        userId: random.pick(team).id,
        date: outboundAt,
        createdAt: outboundAt,
        updatedAt: outboundAt,
      });
    }
  }
  await tx.insert(threads).values(threadRows);
  await tx.insert(customerNeeds).values(needRows);
  await tx.insert(messages).values(messageRows);
  await tx.insert(threadTags).values(tagLinks);
}

async function fillUnpublished(tx: Orm, random: Random, workspaceId: string, created: Date): Promise<void> {
  await addMember(
    tx,
    workspaceId,
    { id: random.uuid(), name: 'Bill Lumbergh', email: 'bill@initech.example', role: 'ADMIN' },
    created,
  );
  // Every row here belongs to the workspace and was made with it.
  const made = { workspaceId, createdAt: created, updatedAt: created };
  const projectId = random.uuid();
  await tx
    .insert(projects)
    .values({ id: projectId, workspaceId, name: 'TPS reports', state: 'planned', sortOrder: 0, createdAt: created });
  await tx.insert(issues).values({
    ...made,
    id: random.uuid(),
    projectId,
    identifier: 'INI-1',
    trackerTicketId: 'tkt_1',
    priority: 'High',
    status: 'Todo',
    team: 'Core',
    title: 'New cover sheet',
    url: 'https://tracker.example/initech/INI-1',
  });
  const companyId = random.uuid();
  await tx.insert(companies).values({ ...made, id: companyId, name: 'Initech Customer', domains: ['initrode.com'] });
  const contactId = random.uuid();
  await tx
    .insert(contacts)
    .values({ ...made, id: contactId, email: 'peter@initrode.com', name: 'Peter Gibbons', companyId });
  await tx.insert(threads).values(
    Array.from({ length: 10 }, (_, i) => ({
      id: random.uuid(),
      workspaceId,
      title: `Internal note ${i + 1}`,
      text: 'Only visible inside Initech.',
      state: 'NEW' as const,
      painLevel: 'LOW' as const,
      origin: 'API',
      contactId,
      companyId,
      createdAt: at(i, random),
      updatedAt: at(i, random),
    })),
  );
}
