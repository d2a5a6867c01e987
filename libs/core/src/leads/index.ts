export {
  COMPANY_SIZE_BUCKETS,
  COMPANY_TYPES,
  type CompanySizeBucket,
  type CompanyType,
  companyTypeForIndustry,
  isCompanySizeBucket,
  type RevenueBand,
  revenueBandForSize,
} from './company-derivations';
export { type NormalizedFilters, normalizeFilters, type RawFilterSet } from './normalize-filters';
export { maskLead } from './mask-lead';
export { createContactGenerator } from './synthetic/contact-generator';
export { SYNTHETIC_INDUSTRIES, type SyntheticCategory } from './synthetic/industry-taxonomy';
export { SYNTHETIC_CONTACT_CSV_COLUMNS, type SyntheticContact } from './synthetic/synthetic-contact';
export { CompanyStore, decodeCompany, NO_BUCKET } from './companies/company-store';
export { withTextSearchBudget } from './indexes/text-search-budget';
export { RevealedRows } from './reveals/revealed-rows';
export { countLeads } from './query/count-leads';
export { fromTransferable, toTransferable, type TransferableLeadTable } from './query/lead-table-transfer';
export { type LeadTable, LeadTableBuilder } from './query/lead-table';
export { segmentRowsFor, SegmentsBuilder } from './query/segments-builder';
export { adoptDelta } from './live/adopt-delta';
export { countLiveLeads } from './live/count-live-leads';
export {
  appendDelta,
  baseSize,
  type ChangedContact,
  compactDeltas,
  companiesOf,
  DeltaBuilder,
  deltaSize,
  deltasToFold,
  type LiveLeadTable,
  type LivePart,
  liveSize,
  liveTable,
  mostDeltaContacts,
} from './live/live-lead-table';
export { liveParts } from './live/live-parts';
export { liveFilterVocabulary } from './live/live-filter-vocabulary';
export {
  type EnumerableFilter,
  type FilterVocabulary,
  type UnknownFilterValue,
  type UnknownFilterValues,
  unknownFilterValues,
} from './unknown-filter-values';
export { LiveRevealedRows } from './live/live-revealed-rows';
export { scanLiveLeads } from './live/scan-live-leads';
export { revealedSeqsMatching } from './live/revealed-matches';
export { selectsEveryLead } from './selects-every-lead';
export { mergeSegment, nextSegmentToMerge, segmentRange, withSegmentMerged } from './live/segment-merge';
export { type LeadDataPosition, reasonToLoadWholeInstead, reasonToMerge } from './live/whole-load-reasons';
export {
  allocateSnapshotArray,
  checkSnapshotArray,
  encodeLeadTableSnapshot,
  LEAD_TABLE_SNAPSHOT_FORMAT_VERSION,
  LEAD_TABLE_SNAPSHOT_PREFIX_BYTES,
  leadTableFromSnapshot,
  type LeadTableSnapshotMeta,
  type LeadTableSnapshotRefusal,
  type LeadTableSnapshotRefusalReason,
  readSnapshotHeader,
  readSnapshotPrefix,
  type SnapshotArray,
  type SnapshotArrayEntry,
} from './snapshot/lead-table-snapshot-format';
