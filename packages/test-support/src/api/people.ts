import type { Company, CompanyDetails, Contact, User, V2Company } from '@hearken/core';
import { AT, WORKSPACE_ID } from './portal.ts';

/** Contacts, companies and members as the service returns them. */

const companySummary = { id: 'co_1', name: 'Acme', domains: ['acme.com'] };

export const contact = (id = 'c_1'): Contact => ({
  id,
  email: `${id}@example.com`,
  name: 'Ann',
  imageUrl: null,
  companyId: 'co_1',
  workspaceId: WORKSPACE_ID,
  createdAt: AT,
  updatedAt: AT,
  isDeleted: false,
  version: 1,
  company: companySummary,
});

/** A v1 company (its ids are UUIDs, as the service's are). */
export const company: Company = {
  id: '3f1d2c4e-1111-4222-8333-444455556666',
  name: 'Acme',
  createdAt: AT,
  updatedAt: AT,
  isDeleted: false,
  version: 2,
  trackerCustomerId: null,
  size: 10,
  revenue: null,
  statusId: null,
  statusName: null,
  statusColor: null,
  tierId: null,
  tierName: null,
  logoUrl: null,
  domains: ['acme.com'],
  autoAdd: null,
  workspaceId: '3f1d2c4e-aaaa-4222-8333-444455556666',
  systemAId: null,
  systemDId: null,
  systemFId: null,
  externalIds: [],
  slugId: null,
};

export const companyDetails: CompanyDetails = {
  id: company.id,
  name: 'Acme',
  domains: ['acme.com'],
  externalIds: [],
  autoAdd: true,
  size: 10,
  revenue: 1000,
  tierId: null,
  statusId: null,
  createdAt: AT,
  updatedAt: AT,
  workspaceId: company.workspaceId,
  contacts: [{ id: 'c_1', name: 'Ann', email: 'ann@example.com' }],
  upvotes: 4,
};

export const v2Company: V2Company = {
  id: 'co_2',
  name: 'Globex',
  logo_url: null,
  domains: ['globex.com'],
  size: 5,
  revenue: 0,
  status_id: null,
  status_name: null,
  tier_id: null,
  tier_name: null,
  owner: null,
  external_ids: ['ext-1'],
  created_at: AT,
  updated_at: AT,
};

export const user: User = {
  id: 'u_1',
  name: 'Una',
  email: 'una@example.com',
  role: 'ADMIN',
  imageUrl: null,
  selectedTeamIds: [],
  createdAt: AT,
  updatedAt: AT,
};
