import { ICP_GRADE_THRESHOLDS, IcpGrade, IcpScoreResponse } from '@lead-engine/contracts';

export type IcpFit = IcpScoreResponse['fit'];

/** Contract §5: A ≥ 80, B ≥ 60, C ≥ 40, else D. */
export function gradeForScore(score: number): IcpGrade {
  if (score >= ICP_GRADE_THRESHOLDS.A) return 'A';
  if (score >= ICP_GRADE_THRESHOLDS.B) return 'B';
  if (score >= ICP_GRADE_THRESHOLDS.C) return 'C';
  return 'D';
}

/** Contract §5: A high, B medium, C and D low. */
export function fitForGrade(grade: IcpGrade): IcpFit {
  if (grade === 'A') return 'high';
  if (grade === 'B') return 'medium';
  return 'low';
}

/** A score as the contract stores it: a whole number from 0 to 100. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}
