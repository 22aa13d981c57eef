import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { BillingGateway } from '../db/schema.ts';
import { type BillingEventRow, type BillingEventsRepository, SET_ASIDE_NOTE } from './billing-events.repository.ts';
import { UnmatchedError } from './stripe/stripe-sync.ts';

/** Handles one stored event of a gateway; throwing schedules a retry. */
export type EventHandler = (event: BillingEventRow) => Promise<void>;

const LEASE_MS = 2 * 60_000;
/** After this many failed attempts an event is set aside (kept, with its last error) for staff to look at. */
export const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));

/**
 * The gateways' webhook events, kept once per event id and handled as jobs: at once when they
 * arrive, and again with growing delays while handling fails (the gateway unreachable, a
 * database error). An event delivered twice, or to two processes, is handled once.
 */
export class BillingEventsService {
  private readonly repo: BillingEventsRepository;
  private readonly handlers: Partial<Record<BillingGateway, EventHandler>>;
  private readonly logger: Logger;
  private readonly clock: Clock;
  constructor(deps: {
    repo: BillingEventsRepository;
    handlers: Partial<Record<BillingGateway, EventHandler>>;
    logger: Logger;
    clock: Clock;
  }) {
    this.repo = deps.repo;
    this.handlers = deps.handlers;
    this.logger = deps.logger;
    this.clock = deps.clock;
  }

  /** Keeps a verified event and handles it now; a repeat of a kept event changes nothing. */
  async receive(event: { gateway: BillingGateway; event_id: string; type: string; payload: string }) {
    const id = await this.repo.add(event, this.now());
    if (id === null) return { duplicate: true };
    await this.process(id);
    return { duplicate: false };
  }

  /** Handles the events that are due (the retry job); answers how many were attempted. */
  async processDue(limit = 100): Promise<number> {
    const ids = await this.repo.due(this.now(), limit);
    for (const id of ids) await this.process(id);
    return ids.length;
  }

  /**
   * Staff's "Retry": a pending or failed event is due now with a fresh set of attempts and handled
   * at once; answers false when it is running or done (nothing changes then).
   */
  async retryNow(id: number): Promise<boolean> {
    if (!(await this.repo.requeue(id, this.now()))) return false;
    await this.process(id);
    return true;
  }

  private async process(id: number): Promise<void> {
    const now = this.clock();
    const event = await this.repo.claim(id, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
    if (!event) return;
    const handler = this.handlers[event.gateway];
    try {
      if (!handler) throw new Error(`No handler for ${event.gateway} events.`);
      await handler(event);
      await this.repo.finish(id, this.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An event about a customer or plan Kosh does not know will not match on a retry either.
      if (error instanceof UnmatchedError) {
        this.logger.warn({ event: event.event_id, type: event.type }, `Billing event ignored: ${message}`);
        await this.repo.finish(id, this.now(), message);
      } else if (event.attempts >= MAX_ATTEMPTS) {
        this.logger.error({ err: error, event: event.event_id }, 'Billing event set aside after its last attempt');
        await this.repo.finish(id, this.now(), `${SET_ASIDE_NOTE} ${event.attempts} attempts: ${message}`);
      } else {
        this.logger.warn({ err: error, event: event.event_id }, 'Billing event failed; it will be retried');
        const at = new Date(this.clock().getTime() + retryDelayMs(event.attempts)).toISOString();
        await this.repo.retryLater(id, at, message);
      }
    }
  }

  private now(): string {
    return this.clock().toISOString();
  }
}
