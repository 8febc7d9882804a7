import type { Issue } from './errors.js';

const issue = (i18nKey: string, source: string, type = 'validation_failure'): Issue => ({ i18nKey, source, type });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Contact validation with the older IssueList keys; returns no issues when the body is valid. */
export function validateContact(body: unknown): Issue[] {
  if (!isObj(body)) return [issue('missing_entity', 'contact')];
  const issues: Issue[] = [];
  const roles = body.roles;
  if (!isObj(roles) || (!isObj(roles.customer) && !isObj(roles.vendor))) issues.push(issue('missing_entity', 'roles'));
  const person = body.person;
  const company = body.company;
  if (person !== undefined && company !== undefined)
    issues.push(issue('invalid_value', 'person', 'validation_failure'));
  if (person === undefined && company === undefined) issues.push(issue('missing_entity', 'company.name'));
  if (isObj(person) && (typeof person.lastName !== 'string' || person.lastName.trim() === ''))
    issues.push(issue('missing_entity', 'person.lastName'));
  if (isObj(company)) {
    if (typeof company.name !== 'string' || company.name.trim() === '')
      issues.push(issue('missing_entity', 'company.name'));
    const persons = company.contactPersons;
    if (Array.isArray(persons) && persons.length > 1) issues.push(issue('invalid_value', 'company.contactPersons'));
  }
  for (const group of ['emailAddresses', 'phoneNumbers'] as const) {
    const lists = body[group];
    if (lists === undefined) continue;
    if (!isObj(lists)) {
      issues.push(issue('invalid_value', group));
      continue;
    }
    for (const [kind, list] of Object.entries(lists)) {
      if (!Array.isArray(list)) issues.push(issue('invalid_value', `${group}.${kind}`));
      else if (list.length > 1) issues.push(issue('invalid_value', `${group}.${kind}`));
      else if (group === 'emailAddresses' && list.length === 1 && !EMAIL.test(String(list[0])))
        issues.push(issue('invalid_value', `${group}.${kind}[0]`));
    }
  }
  const addresses = body.addresses;
  if (isObj(addresses)) {
    for (const kind of ['billing', 'shipping']) {
      const list = addresses[kind];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length > 1) issues.push(issue('invalid_value', `addresses.${kind}`));
      else if (list.length === 1 && (!isObj(list[0]) || typeof list[0].countryCode !== 'string'))
        issues.push(issue('missing_entity', `addresses.${kind}[0].countryCode`));
    }
  }
  const x = body.xRechnung;
  if (isObj(x) && typeof x.buyerReference === 'string' && x.buyerReference !== '' && !x.vendorNumberAtCustomer) {
    issues.push(issue('missing_entity', 'xRechnung.vendorNumberAtCustomer'));
  }
  return issues;
}
