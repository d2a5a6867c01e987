import { Button, Checkbox, Group, MultiSelect, Pill, PillsInput, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filterValuesQueryOptions } from '../api/leads.queries';
import type { FilterField } from '../api/leads.types';
import { hasFilters, LISTED_FILTERS, NO_FILTERS } from '../lead-filter-set';
import { COMPANY_TYPES, type CompanyType, type LeadsSearch } from '../leads-search';

const counts = new Intl.NumberFormat('en-US');
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "US" → "United States (US)"; anything else as it is. */
function countryLabel(code: string): string {
  try {
    const name = regions.of(code.toUpperCase());
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  private: 'Private',
  government: 'Government',
  nonprofit: 'Non-profit',
  education: 'Education',
};


/**
 * Every filter of the API. The enumerable ones are searchable multi-selects whose options show how many
 * contacts carry each value; titles and keywords are tags (Enter or a comma adds one).
 */
export function LeadFilters({
  search,
  onChange,
  perCompanyCap = true,
}: {
  search: LeadsSearch;
  onChange: (change: Partial<LeadsSearch>) => void;
  /** Off where the cap means nothing: on leads already yours. */
  perCompanyCap?: boolean;
}) {
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Filter the leads" onSubmit={(event) => event.preventDefault()}>
      {LISTED_FILTERS.map(({ key, field, label }) => (
        <ValuesSelect
          key={key}
          field={field}
          label={label}
          value={search[key] ?? []}
          onChange={(values) => onChange({ [key]: values.length ? values : undefined })}
        />
      ))}
      <MultiSelect
        label="Company type"
        placeholder={search.companyType?.length ? undefined : 'Any type'}
        data={COMPANY_TYPES.map((type) => ({ value: type, label: COMPANY_TYPE_LABELS[type] }))}
        value={search.companyType ?? []}
        onChange={(values) => onChange({ companyType: values.length ? (values as CompanyType[]) : undefined })}
        clearable
      />
      <Tags
        label="Job titles"
        description="Any of these, in the title"
        value={search.jobTitles}
        onChange={(jobTitles) => onChange({ jobTitles })}
      />
      <Tags
        label="Exclude titles"
        description="Leave out titles with any of these"
        value={search.excludeTitles}
        onChange={(excludeTitles) => onChange({ excludeTitles })}
      />
      <Tags
        label="Include keywords"
        description="In the company's description"
        value={search.includeKeywords}
        onChange={(includeKeywords) => onChange({ includeKeywords })}
      />
      <Tags
        label="Exclude keywords"
        description="Leave out companies whose description has any of these"
        value={search.excludeKeywords}
        onChange={(excludeKeywords) => onChange({ excludeKeywords })}
      />
      {perCompanyCap && <MaxPerCompanyInput value={search.maxPerCompany} onChange={(maxPerCompany) => onChange({ maxPerCompany })} />}
      <Checkbox
        label="Exact match"
        description="Titles and keywords match whole words, not parts of words"
        checked={search.exactMatch ?? false}
        onChange={(event) => onChange({ exactMatch: event.currentTarget.checked ? true : undefined })}
      />
      <Checkbox
        label="Match any keyword"
        description="Unchecked: a company must match every include keyword"
        checked={search.matchAny ?? true}
        onChange={(event) => onChange({ matchAny: event.currentTarget.checked ? undefined : false })}
      />
      {hasFilters(search) && (
        <Group>
          <Button variant="default" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A searchable multi-select of one filter's values, each option with its contact count. */
function ValuesSelect({
  field,
  label,
  value,
  onChange,
}: {
  field: FilterField;
  label: string;
  value: string[];
  onChange: (values: string[]) => void;
}) {
  const values = useQuery(filterValuesQueryOptions(field));
  const countOf = new Map((values.data?.values ?? []).map((item) => [item.value, item.count]));
  const labelOf = (item: string) => (field === 'country' ? countryLabel(item) : item);
  const data = (values.data?.values ?? []).map((item) => ({ value: item.value, label: labelOf(item.value) }));
  // A value from a link or a saved search that no contact carries now still shows, so that it can be removed.
  for (const item of value) if (!countOf.has(item)) data.push({ value: item, label: labelOf(item) });

  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : values.isPending ? 'Loading…' : `Any ${label.toLowerCase()}`}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions={false}
      nothingFoundMessage={values.isError ? 'The values could not be loaded' : 'No such value'}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      data-testid={`filter-${field}`}
      renderOption={({ option, checked }) => {
        const count = countOf.get(option.value) ?? 0;
        return (
          <Group justify="space-between" wrap="nowrap" gap="sm" w="100%" data-testid="filter-option">
            <Text size="sm" fw={checked ? 600 : undefined} miw={0} style={{ overflowWrap: 'anywhere' }}>
              {option.label}
            </Text>
            {/* The count whole on one line, the label wrapping beside it. */}
            <Text size="xs" c="gray.7" style={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="filter-option-count">
              {counts.format(Number(count))}
              <VisuallyHidden>{Number(count) === 1 ? ' contact' : ' contacts'}</VisuallyHidden>
            </Text>
          </Group>
        );
      }}
    />
  );
}

/**
 * Terms as tags: Enter or a comma adds what was typed (so does leaving the field), Backspace in an empty
 * field removes the last. Mantine's pills, without TagsInput's suggestion list (nothing to suggest here).
 */
function Tags({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: string[] | undefined;
  onChange: (values: string[] | undefined) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const terms = value ?? [];
  const set = (next: string[]) => onChange(next.length ? next : undefined);
  const add = () => {
    const typed = draft
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean);
    setDraft('');
    if (typed.length) set([...new Set([...terms, ...typed])]);
  };
  return (
    <PillsInput label={label} description={description} id={id}>
      <Pill.Group>
        {terms.map((term) => (
          <Pill
            key={term}
            withRemoveButton
            onRemove={() => set(terms.filter((kept) => kept !== term))}
            // Reachable with Tab and named, unlike Mantine's default (hidden, out of the tab order).
            removeButtonProps={{ 'aria-label': `Remove ${term}`, 'aria-hidden': false, tabIndex: 0 }}
          >
            {term}
          </Pill>
        ))}
        <PillsInput.Field
          id={id}
          value={draft}
          placeholder={terms.length ? undefined : 'Type, then Enter'}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={add}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            } else if (event.key === 'Backspace' && draft === '' && terms.length) set(terms.slice(0, -1));
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/**
 * The one filter typed digit by digit: the search follows 300 ms after the typing stops, so "12" asks for
 * one count, not two. Every other filter is a deliberate choice and is asked at once.
 */
function MaxPerCompanyInput({ value, onChange }: { value: number | undefined; onChange: (value: number | undefined) => void }) {
  const [typed, setTyped] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Changed from outside (cleared, a saved search opened): show what the search says now.
    setShown(value);
    setTyped(value === undefined ? '' : String(value));
  }
  const commit = useDebouncedCallback((text: string) => {
    const number = Number(text);
    const next = text !== '' && Number.isInteger(number) && number >= 1 ? number : undefined;
    setShown(next);
    onChange(next);
  }, 300);
  return (
    <TextInput
      type="number"
      inputMode="numeric"
      label="Max per company"
      description="At most this many people per company"
      placeholder="No limit"
      min={1}
      step={1}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}
