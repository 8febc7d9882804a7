import type { Context, Next } from 'koa';
import { findStaffMember, staffMay, STAFF_MESSAGES, type StaffAction, type StaffMember } from '@belegfluss/shared';
import type { GatewayContext } from '../context';
import { ForbiddenWith } from '../errors';
import { sessionOf } from './session';

/** The listed person behind this request's session token, if any; a shop's permissions play no part. */
export function staffOf(gw: GatewayContext, ctx: Context): StaffMember | undefined {
  const { shop, userId } = sessionOf(ctx);
  return findStaffMember(gw.options.staff, shop, userId);
}

/** Guards a route for listed staff allowed to do `action`; everyone else gets a 403 in German. */
export function requireStaff(gw: GatewayContext, action: StaffAction) {
  return async (ctx: Context, next: Next) => {
    const person = staffOf(gw, ctx);
    if (!person) throw ForbiddenWith('NOT_STAFF', STAFF_MESSAGES.notListed);
    if (!staffMay(person.role, action)) throw ForbiddenWith('OPERATOR_ONLY', STAFF_MESSAGES.operatorOnly);
    await next();
  };
}
