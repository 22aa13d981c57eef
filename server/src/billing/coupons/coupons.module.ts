import type { AuditService } from '../../admin/audit/audit.service.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import type { StripeGateway } from '../stripe/stripe-gateway.ts';
import { StripeCoupons } from '../stripe/stripe-coupons.ts';
import { CouponsRepository } from './coupons.repository.ts';
import { CouponsService } from './coupons.service.ts';

/** The Discount section's coupons (spec part 2): built by the billing module with its Stripe gateway. */
export function createCouponsModule(deps: {
  db: Database;
  dialect: Dialect;
  gateway: StripeGateway;
  audit: AuditService;
  clock: Clock;
}): CouponsService {
  return new CouponsService({
    repo: new CouponsRepository(deps.db, deps.dialect),
    stripe: new StripeCoupons({ gateway: deps.gateway }),
    audit: deps.audit,
    clock: deps.clock,
  });
}
