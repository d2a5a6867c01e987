/**
 * The naming rules `promtool check metrics` applies to a scrape (Prometheus' promlint), written out
 * here because promtool is not installed where the tests run: each problem as "name: what is wrong".
 */
const BASE_UNITS: Record<string, string> = {
  amperes: 'amperes',
  bytes: 'bytes',
  celsius: 'celsius',
  grams: 'grams',
  joules: 'joules',
  kelvin: 'kelvin',
  meters: 'meters',
  metres: 'metres',
  seconds: 'seconds',
  volts: 'volts',
  minutes: 'seconds',
  hours: 'seconds',
  days: 'seconds',
  weeks: 'seconds',
  kelvins: 'kelvin',
  fahrenheit: 'celsius',
  rankine: 'celsius',
  inches: 'meters',
  yards: 'meters',
  miles: 'meters',
  bits: 'bytes',
  calories: 'joules',
  pounds: 'grams',
  ounces: 'grams',
};
const UNIT_PREFIXES = [
  'pico',
  'nano',
  'micro',
  'milli',
  'centi',
  'deci',
  'deca',
  'hecto',
  'kilo',
  'kibi',
  'mega',
  'mibi',
  'giga',
  'gibi',
  'tera',
  'tebi',
  'peta',
  'pebi',
];
const UNIT_ABBREVIATIONS = ['s', 'ms', 'us', 'ns', 'sec', 'b', 'kb', 'mb', 'gb', 'tb', 'pb', 'm', 'h', 'd'];
const TYPES = ['counter', 'gauge', 'summary', 'histogram', 'gauge_histogram'];
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const CAMEL_CASE = /[a-z][A-Z]/;

interface Family {
  name: string;
  type: string;
  help: string | null;
  labels: Set<string>;
}

/** The families of a scrape in text format: HELP and TYPE lines, and the label names of their samples. */
export function metricFamilies(text: string): Family[] {
  const families = new Map<string, Family>();
  const family = (name: string) =>
    families.get(name) ?? families.set(name, { name, type: 'untyped', help: null, labels: new Set() }).get(name)!;
  const owner = (sample: string) => [sample, sample.replace(/_(bucket|count|sum)$/, '')].find((name) => families.has(name)) ?? sample;
  for (const line of text.split('\n')) {
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'HELP') family(comment[2]).help = comment[3];
      else family(comment[2]).type = comment[3];
      continue;
    }
    const sample = /^([^\s{#]+)(?:\{(.*)\})?\s/.exec(line);
    if (!sample) continue;
    const labels = family(owner(sample[1])).labels;
    for (const label of (sample[2] ?? '').matchAll(/([^\s=,{]+)="(?:[^"\\]|\\.)*"/g)) labels.add(label[1]);
  }
  return [...families.values()];
}

export function lintMetrics(text: string): string[] {
  return metricFamilies(text).flatMap(({ name, type, help, labels }) => {
    const problems: string[] = [];
    const problem = (text: string) => problems.push(`${name}: ${text}`);
    if (!METRIC_NAME.test(name)) problem('is not a valid metric name');
    if (help === null) problem('has no help text');
    if (type === 'counter' && !name.endsWith('_total')) problem('is a counter without the "_total" suffix');
    if (type !== 'counter' && type !== 'untyped' && name.endsWith('_total')) problem(`is a ${type} with the "_total" suffix`);
    if (type !== 'untyped') {
      if (type !== 'histogram' && name.endsWith('_bucket')) problem('is not a histogram but ends in "_bucket"');
      if (type !== 'histogram' && type !== 'summary' && /_(count|sum)$/.test(name))
        problem('is not a histogram or summary but ends in "_count" or "_sum"');
      if (type !== 'histogram' && labels.has('le')) problem('is not a histogram but has an "le" label');
      if (type !== 'summary' && labels.has('quantile')) problem('is not a summary but has a "quantile" label');
    }
    const words = name.toLowerCase().split('_');
    const lower = name.toLowerCase();
    for (const typeName of TYPES)
      if (lower.includes(`_${typeName}_`) || lower.endsWith(`_${typeName}`)) problem(`names its type "${typeName}"`);
    if (name.includes(':')) problem('contains ":"');
    if (CAMEL_CASE.test(name)) problem('is camelCase, not snake_case');
    for (const word of name.split('_')) {
      const unit = Object.keys(BASE_UNITS).find(
        (candidate) => word === candidate || UNIT_PREFIXES.some((prefix) => word === prefix + candidate),
      );
      if (unit && word !== BASE_UNITS[unit]) {
        problem(`uses "${word}" instead of the base unit "${BASE_UNITS[unit]}"`);
        break;
      }
      if (unit) break;
    }
    for (const abbreviation of UNIT_ABBREVIATIONS)
      if (words.slice(1).includes(abbreviation)) problem(`abbreviates a unit ("${abbreviation}")`);
    for (const label of labels) {
      if (!LABEL_NAME.test(label)) problem(`has an invalid label name "${label}"`);
      else if (CAMEL_CASE.test(label)) problem(`has a camelCase label "${label}"`);
    }
    return problems;
  });
}
