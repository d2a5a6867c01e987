import { CATEGORY_VOCABULARY } from './category-vocabulary';
import type { SyntheticIndustry } from './industry-taxonomy';
import type { SyntheticCity } from './locations';
import type { Prng } from './prng';

export interface DescribedCompany {
  name: string;
  industry: SyntheticIndustry;
  location: SyntheticCity;
  founded: number;
}

/** One to three sentences in the industry's own vocabulary, so keyword filters have something real to find. */
export function describeCompany(random: Prng, company: DescribedCompany): string {
  const words = CATEGORY_VOCABULARY[company.industry.category];
  const focus = random.pick(words.focuses);
  const audience = random.pick(words.audiences);
  const industry = company.industry.name.toLowerCase();
  const sentences: string[] = [];

  switch (random.nextInt(3)) {
    case 0:
      sentences.push(`${company.name} is a ${industry} ${words.organisation} that provides ${focus} to ${audience}.`);
      break;
    case 1:
      sentences.push(`${company.name} delivers ${focus} for ${audience} across ${company.location.state}.`);
      break;
    default:
      sentences.push(`Founded in ${company.founded}, ${company.name} specializes in ${focus} for ${audience}.`);
  }

  const length = 1 + random.nextInt(3);
  if (length >= 2) {
    const otherFocus = random.pick(words.focuses);
    const outcome = random.pick(words.outcomes);
    sentences.push(
      random.chance(0.5)
        ? `We help ${random.pick(words.audiences)} ${outcome} through ${otherFocus}.`
        : `Our ${industry} expertise and ${otherFocus} help clients ${outcome}.`,
    );
  }
  if (length === 3) {
    sentences.push(
      random.chance(0.5)
        ? `Headquartered in ${company.location.city}, ${company.location.state}.`
        : `Trusted by ${audience} since ${company.founded}.`,
    );
  }
  return sentences.join(' ');
}
