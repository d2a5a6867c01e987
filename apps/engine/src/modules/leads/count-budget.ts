import { Inject, Injectable } from '@nestjs/common';
import type { EngineConfig } from '../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../infrastructure/tokens';

const SMOOTHING = 0.2;

/**
 * Learns what an exact count costs per contact on this machine and decides, before a count runs,
 * whether it fits the latency budget or must be estimated from a sample.
 */
@Injectable()
export class CountBudget {
  private msPerRow: number | null = null;

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  /** Rows to sample, or null to count exactly. */
  sampleRowsFor(tableSize: number): number | null {
    if (this.msPerRow === null || tableSize <= this.config.COUNT_SAMPLE_ROWS) return null;
    return tableSize * this.msPerRow > this.config.COUNT_EXACT_BUDGET_MS ? this.config.COUNT_SAMPLE_ROWS : null;
  }

  /** Sampled passes count too: their strided visits cost at least what sequential ones do, so the model errs towards sampling. */
  recordScan(rows: number, ms: number): void {
    if (rows === 0) return;
    const observed = ms / rows;
    this.msPerRow = this.msPerRow === null ? observed : this.msPerRow + SMOOTHING * (observed - this.msPerRow);
  }
}
