// Every staff action on the leads has an actor (staff_action): reading a lead, a page of the list, an export, a status
// change (spam among them) and an erasure, each with the verified account and no data of the lead; a lead's actions
// are readable on it (Lead.activity) and go with it; spam erased by retention leaves an erasure record with the
// account that marked it.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../src/generated/prisma/client';
import { createTestIdentity, serveKeySet, STAFF, TEST_PROJECT_ID, type TestIdentity, until } from '@segmentia/testing';
import { startTestApi, type TestApi } from './support/api';
import { leadRow, submitLead } from './support/leads';

const MARTA = { uid: 'staff-marta', email: 'marta@segmentia.es', role: 'sales' };

let identity: TestIdentity;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let api: TestApi;
let tokens: { ana: string; marta: string };
const staffSettings = () => ({
  TRUST_PROXY_HOPS: '1',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_JWKS_URL: keySet.url,
  // The test's own key set: no Firebase project holds its accounts to look up.
  STAFF_ACCOUNT_CHECK_SECONDS: '0',
});

/** A GraphQL call as one of the two sales accounts; fails the test on an error. */
async function as<T>(who: keyof typeof tokens, query: string, variables?: Record<string, unknown>): Promise<T> {
  const { body } = await api.graphql<T>(query, variables, { authorization: `Bearer ${tokens[who]}` });
  expect(body.errors).toBeUndefined();
  return body.data!;
}
const actionsOf = (where: Prisma.StaffActionWhereInput) => api.prisma.staffAction.findMany({ where, orderBy: { actedAt: 'asc' } });
const recentlyBy = (staffUid: string, kind: 'LIST' | 'EXPORT' | 'ERASE', since: Date) =>
  actionsOf({ staffUid, kind, actedAt: { gte: since } });

beforeAll(async () => {
  const made = await createTestIdentity();
  identity = made;
  keySet = await serveKeySet(made.publicJwk);
  api = await startTestApi(staffSettings());
  tokens = { ana: await identity.sign(), marta: await identity.sign(MARTA) };
});
afterAll(async () => {
  await api.close();
  await keySet.close();
});

it("records who changed a lead's status and who opened it, readable on the lead, with none of its data", async () => {
  const id = await submitLead(api);
  await as('ana', `mutation { updateLeadStatus(id: "${id}", status: CONTACTED) { id } }`);
  await as('marta', `mutation { updateLeadStatus(id: "${id}", status: QUALIFIED) { id } }`);
  const { lead } = await as<{ lead: { activity: Record<string, unknown>[] } }>(
    'ana',
    `{ lead(id: "${id}") { activity { kind staffUid staffEmail status actedAt } } }`,
  );
  // Newest first: this view, then Marta's change, then Ana's.
  expect(lead.activity.map(({ actedAt: _, ...action }) => action)).toEqual([
    { kind: 'VIEW', staffUid: STAFF.uid, staffEmail: STAFF.email, status: null },
    { kind: 'STATUS', staffUid: MARTA.uid, staffEmail: MARTA.email, status: 'QUALIFIED' },
    { kind: 'STATUS', staffUid: STAFF.uid, staffEmail: STAFF.email, status: 'CONTACTED' },
  ]);
  const { lead: first } = await as<{ lead: { activity: { kind: string }[] } }>(
    'ana',
    `{ lead(id: "${id}") { activity(first: 1) { kind } } }`,
  );
  expect(first.activity).toEqual([{ kind: 'VIEW' }]);
  // The record holds the account and the action, nothing the prospect wrote.
  const columns = await api.prisma.$queryRaw<{ column_name: string }[]>`
    SELECT column_name FROM information_schema.columns WHERE table_name = 'staff_action'`;
  expect(columns.map((column) => column.column_name).sort()).toEqual(
    ['acted_at', 'count', 'erasure_id', 'id', 'kind', 'lead_id', 'staff_email', 'staff_uid', 'status'].sort(),
  );
});

it('records a page of the list and an export as one action each, with how many leads and none named', async () => {
  const tag = `Acts${randomUUID().slice(0, 8)}`;
  for (const index of [1, 2, 3]) await submitLead(api, { agencyName: `Agencia ${tag} ${index}` });
  const since = new Date();
  await as('marta', `query L($filter: LeadsFilter) { leads(filter: $filter, first: 2) { totalCount } }`, { filter: { search: tag } });
  const { leadsCsv } = await as<{ leadsCsv: string }>(
    'marta',
    `query C($filter: LeadsFilter) { leadsCsv(filter: $filter, separator: COMMA) }`,
    {
      filter: { search: tag },
    },
  );
  expect(leadsCsv).toContain(tag);
  const [list] = await recentlyBy(MARTA.uid, 'LIST', since);
  const [csv] = await recentlyBy(MARTA.uid, 'EXPORT', since);
  expect(list).toMatchObject({ staffEmail: MARTA.email, count: 2, leadId: null, status: null, erasureId: null });
  expect(csv).toMatchObject({ staffEmail: MARTA.email, count: 3, leadId: null, status: null, erasureId: null });
});

it('records an erasure with its account and erasure, and erases the lead’s own actions with it', async () => {
  const id = await submitLead(api);
  await as('marta', `{ lead(id: "${id}") { id } }`);
  expect(await api.prisma.staffAction.count({ where: { leadId: id } })).toBe(1);
  const since = new Date();
  const { eraseLead } = await as<{ eraseLead: { id: string } }>('marta', `mutation { eraseLead(id: "${id}") { id } }`);
  expect(await api.prisma.staffAction.count({ where: { leadId: id } })).toBe(0);
  expect(await recentlyBy(MARTA.uid, 'ERASE', since)).toEqual([
    expect.objectContaining({ staffEmail: MARTA.email, erasureId: eraseLead.id, leadId: null }),
  ]);
  expect(await api.prisma.leadErasure.findUniqueOrThrow({ where: { id: eraseLead.id } })).toMatchObject({
    reason: 'REQUEST',
    erasedBy: MARTA.uid,
    leadIds: [id],
  });
});

it('erases spam on schedule with an erasure record like a requested one: by whom marked it, or nobody for the honeypot', async () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const old = (data: Partial<Prisma.ContactRequestCreateInput> = {}) =>
    api.prisma.contactRequest.create({ data: { ...leadRow(), receivedAt: daysAgo(40), ...data }, select: { id: true } });
  const [marked, honeypot] = [await old(), await old({ isSpam: true, status: 'SPAM' })];
  // Ana marks it, Marta changes her mind and marks it again: the last to set SPAM answers for it.
  for (const [who, status] of [
    ['ana', 'SPAM'],
    ['marta', 'CONTACTED'],
    ['marta', 'SPAM'],
  ] as const) {
    await as(who, `mutation { updateLeadStatus(id: "${marked.id}", status: ${status}) { id } }`);
  }
  expect(await api.prisma.staffAction.count({ where: { leadId: marked.id } })).toBe(3);
  // Another API's retention (started after the leads) erases them: past the default SPAM_RETENTION_DAYS (30).
  const scheduled = await startTestApi(staffSettings());
  try {
    await until(
      'the old spam is erased',
      async () => (await api.prisma.contactRequest.count({ where: { id: { in: [marked.id, honeypot.id] } } })) === 0,
    );
  } finally {
    await scheduled.close();
  }
  expect(await api.prisma.staffAction.count({ where: { leadId: marked.id } })).toBe(0);
  const erasureOf = (id: string) => api.prisma.leadErasure.findFirstOrThrow({ where: { leadIds: { has: id } } });
  expect(await erasureOf(marked.id)).toMatchObject({ reason: 'SPAM', erasedBy: MARTA.uid });
  const caught = await erasureOf(honeypot.id);
  expect(caught).toMatchObject({ reason: 'SPAM', erasedBy: null });
  expect(caught.count).toBe(caught.leadIds.length);
});

it('erases the actions that name no lead after LEAD_RETENTION_MONTHS, as a lead would be', async () => {
  const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 86_400_000);
  const action = (actedAt: Date) =>
    api.prisma.staffAction.create({
      data: { kind: 'EXPORT', staffUid: MARTA.uid, staffEmail: MARTA.email, count: 1, actedAt },
      select: { id: true },
    });
  const [expired, kept] = [await action(monthsAgo(25)), await action(monthsAgo(23))];
  const scheduled = await startTestApi({ LEAD_RETENTION_MONTHS: '24' });
  try {
    await until('the old action is erased', async () => (await api.prisma.staffAction.count({ where: { id: expired.id } })) === 0);
    expect(await api.prisma.staffAction.count({ where: { id: kept.id } })).toBe(1);
  } finally {
    // The kept action stays: the API's role may not delete from the trail (a later retention run erases it in time).
    await scheduled.close();
  }
});
