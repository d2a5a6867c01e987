import type { INode, INodeParameters, INodeProperties, INodeTypes } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';
import { contactCount } from '../../../libs/n8n-nodes/nodes/LeadEngine/methods/contactCount';
import { countryName } from '../../../libs/n8n-nodes/nodes/LeadEngine/methods/countryName';
import { LeadEngine, LeadEngineTrigger } from '../support/lead-engine-nodes';

/** What a user meets in n8n's editor, read from the node descriptions the way the editor reads them. */
describe('n8n Lead Engine node: the editor', () => {
  const node = new LeadEngine().description;

  /** The fields n8n shows for these parameter values, decided by n8n's own displayOptions logic. */
  const shown = (values: INodeParameters): INodeProperties[] =>
    node.properties.filter((property) => NodeHelpers.displayParameter(values, property, null, node));
  const notices = (values: INodeParameters) => shown(values).filter((property) => property.type === 'notice');
  const field = (values: INodeParameters, name: string) => shown(values).find((property) => property.name === name)!;

  describe('cost notices', () => {
    it('shows what Reveal and the Start of exports, enrichments and scrapes spend, above their fields', () => {
      expect(notices({ resource: 'lead', operation: 'reveal' }).map((notice) => notice.displayName)).toEqual([
        expect.stringMatching(/1 credit per lead .*not revealed before.*free and returned again/),
      ]);
      expect(notices({ resource: 'export', operation: 'start' }).map((notice) => notice.displayName)).toEqual([
        expect.stringMatching(/1 credit per row delivered.*already revealed are skipped/),
      ]);
      expect(notices({ resource: 'enrichment', operation: 'start' }).map((notice) => notice.displayName)).toEqual([
        expect.stringMatching(/1 credit a row per standard field, 2 per Custom field, Full Email free.*refunded/),
      ]);
      expect(notices({ resource: 'scrape', operation: 'start' }).map((notice) => notice.displayName)).toEqual([
        expect.stringMatching(/1 credit per unique domain.*refunded/),
      ]);
      for (const resource of ['lead', 'export', 'enrichment', 'scrape']) {
        const operation = resource === 'lead' ? 'reveal' : 'start';
        expect(
          shown({ resource, operation })
            .map((property) => property.name)
            .slice(0, 3),
        ).toEqual(['resource', 'operation', 'costNotice']);
      }
    });

    it('shows no notice where nothing is spent', () => {
      for (const values of [
        { resource: 'lead', operation: 'count' },
        { resource: 'lead', operation: 'browse' },
        { resource: 'export', operation: 'download' },
        { resource: 'scrape', operation: 'getResults' },
        { resource: 'credits', operation: 'get' },
      ]) {
        expect(notices(values)).toEqual([]);
      }
    });
  });

  it('maps Lead IDs from Browse, with a hint under the field', () => {
    const leadIds = field({ resource: 'lead', operation: 'reveal' }, 'leadIds');
    expect(leadIds.default).toBe('={{ $json.id }}');
    expect(leadIds.hint).toMatch(/mapped to the id field of the items from Lead → Browse/);
  });

  it('keeps the 100-row default saved workflows rely on, and the timeout says it needs Wait for Completion', () => {
    const values = { resource: 'export', operation: 'start' };
    expect(field(values, 'rows')).toMatchObject({ type: 'number', default: 100 });
    for (const resource of ['export', 'enrichment', 'scrape']) {
      const options = field({ resource, operation: 'start' }, 'options').options as INodeProperties[];
      expect(options.find((option) => option.name === 'timeout')!.description).toMatch(/^Only used with Wait for Completion on/);
    }
  });

  it("says under Browse's Return All that browsing is free, and nothing of the kind under Get Many", () => {
    expect(field({ resource: 'lead', operation: 'browse', returnAll: false }, 'returnAll').hint).toMatch(
      /Browsing is free.*masked and no credits are spent/,
    );
    expect(field({ resource: 'export', operation: 'getAll', returnAll: false }, 'returnAll').hint).toBeUndefined();
  });

  it('gives each free-text filter its own placeholder and says how its terms match', () => {
    const filters = field({ resource: 'lead', operation: 'count' }, 'filters').options as INodeProperties[];
    const text = (name: string) => filters.find((filter) => filter.name === name)!;
    expect(text('jobTitles').placeholder).toBe('e.g. founder, head of growth');
    expect(text('excludeTitles').placeholder).toBe('e.g. intern, assistant');
    expect(text('includeKeywords').placeholder).toBe('e.g. logistics, route planning');
    expect(text('includeKeywords').description).toMatch(/company description/);
    const textFilters = ['jobTitles', 'excludeTitles', 'includeKeywords', 'excludeKeywords'].map(text);
    expect(new Set(textFilters.map((filter) => filter.placeholder)).size).toBe(4);
    for (const filter of textFilters) expect(filter.description).toMatch(/^Comma-separated.*whole words with Exact Match on/);
  });

  it('tells a person and an AI agent which lead operations are free and which spend credits', () => {
    const operation = node.properties.find(
      (property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === 'lead',
    )!;
    const option = (value: string) =>
      (operation.options as Array<{ value: string; description: string; action: string }>).find((o) => o.value === value)!;
    expect(option('count').description).toMatch(/\(free\)\. Use it first to size a search/);
    expect(option('browse').description).toMatch(/masked contact details \(free\).*lead ID that Reveal takes/);
    expect(option('reveal').description).toMatch(/only the lead IDs that Browse returned \(1 credit per new lead\)$/);
    expect(option('count').action).toMatch(/free/);
    expect(option('browse').action).toMatch(/free.*ids to reveal/);
    expect(option('reveal').action).toMatch(/browsed leads for 1 credit per new lead/);
  });
});

describe('n8n Lead Engine node: filter dropdown labels', () => {
  it('names countries in English with their ISO code, and falls back to the code', () => {
    expect(countryName('DE')).toBe('Germany (DE)');
    expect(countryName('US')).toBe('United States (US)');
    expect(countryName('QQ')).toBe('QQ');
    expect(countryName('not a region')).toBe('not a region');
  });

  it('counts contacts in the singular for one', () => {
    expect(contactCount(1)).toBe('1 contact');
    expect(contactCount(0)).toBe('0 contacts');
    expect(contactCount(1108)).toBe('1,108 contacts');
  });
});

describe('n8n Lead Engine Trigger: the canvas subtitle', () => {
  const trigger = new LeadEngineTrigger();

  /** The subtitle as n8n's editor computes it: the expression evaluated against the node's parameters. */
  const subtitleFor = (event: string) => {
    const nodeTypes = { getByName: () => trigger, getByNameAndVersion: () => trigger, getKnownTypes: () => ({}) } as unknown as INodeTypes;
    const triggerNode: INode = {
      id: 'trigger',
      name: 'Lead Engine Trigger',
      type: 'n8n-nodes-lead-engine.leadEngineTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: { event },
    };
    const workflow = new Workflow({ nodes: [triggerNode], connections: {}, active: false, nodeTypes });
    return workflow.expression.getSimpleParameterValue(triggerNode, trigger.description.subtitle!, 'internal', {});
  };

  it('shows the event label, not its value', () => {
    expect(subtitleFor('exportCompleted')).toBe('Export Completed');
    expect(subtitleFor('scrapeFailed')).toBe('Scrape Failed');
  });

  it('has a label for every event', () => {
    const events = (trigger.description.properties[0].options as Array<{ name: string; value: string }>) ?? [];
    for (const event of events) expect(subtitleFor(event.value)).toBe(event.name);
  });
});
