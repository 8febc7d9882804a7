import { randomUUID } from 'node:crypto';
import type { SandboxState } from '../state.js';
import { lexwareTime } from '../time.js';
import type { LexwareProfile, Organization } from './types.js';

export function defaultProfile(): LexwareProfile {
  return {
    companyName: 'Muster Handels GmbH',
    smallBusiness: false,
    distanceSalesPrinciple: 'ORIGIN',
    businessFeatures: ['INVOICING', 'BOOKKEEPING'],
    taxType: 'gross',
    subscriptionStatus: 'active',
    userName: 'Erika Musterfrau',
    userEmail: 'erika.musterfrau@example.com',
    eInvoicing: false,
  };
}

export function createOrganization(state: SandboxState, profile: Partial<LexwareProfile> = {}): Organization {
  const org: Organization = {
    id: randomUUID(),
    profile: { ...defaultProfile(), ...profile },
    created: lexwareTime(),
    nextCustomerNumber: 10001,
    nextInvoiceNumber: 1,
    nextCreditNoteNumber: 1,
    contacts: {},
    vouchers: {},
    subscriptions: {},
    hints: {},
    financeAccounts: {},
    transactions: {},
  };
  state.lexware.organizations[org.id] = org;
  return org;
}

export function profileJson(org: Organization, connectionId: string): Record<string, unknown> {
  const p = org.profile;
  return {
    organizationId: org.id,
    companyName: p.companyName,
    created: {
      userId: org.id.replace(/^.{8}/, '00000001'),
      userName: p.userName,
      userEmail: p.userEmail,
      date: org.created,
    },
    connectionId,
    features: ['cashbox'],
    businessFeatures: p.businessFeatures,
    subscriptionStatus: p.subscriptionStatus,
    taxType: p.taxType,
    smallBusiness: p.smallBusiness,
    distanceSalesPrinciple: p.distanceSalesPrinciple,
  };
}
