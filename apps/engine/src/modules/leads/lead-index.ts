import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { LeadTable, LeadTableBuilder } from '@lead-engine/core';
import Redis from 'ioredis';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG, REDIS } from '../../infrastructure/tokens';
import { LeadsRepository } from './leads.repository';

/**
 * The contacts as an in-memory columnar table, loaded from PostgreSQL on first use and reloaded in
 * the background whenever an import announces new contacts; requests keep using the previous table
 * until the new one is complete.
 */
@Injectable()
export class LeadIndex implements OnApplicationShutdown {
  private readonly logger = new Logger(LeadIndex.name);
  private current: LeadTable | null = null;
  private loading: Promise<LeadTable> | null = null;
  private reloadWanted = false;
  private subscriber: Redis | null = null;

  constructor(
    private readonly leads: LeadsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {}

  async table(): Promise<LeadTable> {
    if (this.current) return this.current;
    return this.load();
  }

  /** Reloads now (used after an import in this process and by the contacts-changed announcement). */
  refresh(): Promise<LeadTable> {
    if (this.loading) {
      this.reloadWanted = true;
      return this.loading;
    }
    return this.load();
  }

  listenForChanges(): void {
    if (this.subscriber) return;
    const channel = `${this.config.REDIS_KEY_PREFIX}:contacts-changed`;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', () => {
      if (this.current) this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
    });
    this.subscriber.on('error', (error) => this.logger.warn({ err: error }, 'contacts-changed subscriber error'));
    this.subscriber.subscribe(channel).catch((error) => this.logger.warn({ err: error }, 'could not subscribe to contacts-changed'));
  }

  private load(): Promise<LeadTable> {
    if (!this.loading) {
      this.loading = this.build().finally(() => {
        this.loading = null;
        if (this.reloadWanted) {
          this.reloadWanted = false;
          void this.refresh().catch((error) => this.logger.warn({ err: error }, 'lead index reload failed'));
        }
      });
    }
    return this.loading;
  }

  private async build(): Promise<LeadTable> {
    const startedAt = Date.now();
    let builder = new LeadTableBuilder();
    const companyIndex = new Map<string, number>();
    await this.leads.streamIndexRows(
      (contacts, companies) => (builder = new LeadTableBuilder({ contacts, companies })),
      (companies) => {
        for (const row of companies) {
          companyIndex.set(
            row.id,
            builder.addCompany({
              industry: row.industry,
              sizeBucket: row.size_bucket,
              companyType: row.company_type,
              description: row.description,
            }),
          );
        }
      },
      (contacts) => {
        for (const row of contacts) {
          builder.addContact({
            seq: Number(row.seq),
            companyIndex: companyIndex.get(row.company_id) as number,
            jobTitle: row.job_title,
            seniority: row.seniority,
            department: row.department,
            countryCode: row.country_code,
          });
        }
      },
    );
    const table = builder.build();
    this.current = table;
    this.logger.log({ contacts: table.size, companies: table.companyCount, ms: Date.now() - startedAt }, 'lead index loaded');
    return table;
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
