import { LoopbackDnsServer } from '../../../bench/src/support/loopback-dns-server';
import { freePort } from './engine-under-test';
import { loopbackScrapeEnv } from './loopback-scrape-env';
import { htmlPage, LoopbackSites } from './loopback-sites';
import { SeedCompany, SeedContact } from './seed-leads';

export const AI_COMPANIES: SeedCompany[] = [
  {
    domain: 'clinicsoft.ai.test',
    name: 'ClinicSoft',
    size: '101 to 250',
    industry: 'Computer Software',
    type: 'private',
    revenue: '$10M-50M',
    description: 'Scheduling software for independent clinics',
  },
  {
    domain: 'harbor-freight.ai.test',
    name: 'Harbor Freight Lines',
    size: '1001 to 5000',
    industry: 'Transportation/Trucking/Railroad',
    type: 'private',
    revenue: '$250M-1B',
    description: 'Regional trucking and freight',
  },
  {
    domain: 'foodbank.ai.test',
    name: 'Valley Food Bank',
    size: '11 to 50',
    industry: 'Non-Profit Organization Management',
    type: 'nonprofit',
    revenue: '$1M-10M',
    description: 'Community food bank',
  },
];

const contact = (
  n: number,
  company: string,
  first: string,
  last: string,
  title: string,
  seniority: string,
  department: string,
): SeedContact => ({
  id: `00000000-0000-4000-8000-${String(600 + n).padStart(12, '0')}`,
  company,
  first,
  last,
  email: `${first.toLowerCase()}@${company}`,
  phone: null,
  title,
  seniority,
  department,
  country: 'US',
});

export const AI_CONTACTS: SeedContact[] = [
  contact(1, 'clinicsoft.ai.test', 'Ada', 'Lovelace', 'VP of Engineering', 'VP', 'Engineering'),
  contact(2, 'harbor-freight.ai.test', 'Hank', 'Hauler', 'Fleet Operations Manager', 'Manager', 'Operations'),
  contact(3, 'foodbank.ai.test', 'Fran', 'Giver', 'Executive Director', 'Director', 'Executive'),
];

export const CLINICSOFT_PAGE = htmlPage(
  'ClinicSoft',
  'We build scheduling software for independent clinics. Our platform helps 2,000 practices book patients online. In 2025 we launched ClinicPay, our payments product.',
  'Scheduling software for independent clinics',
);

/** Loopback websites for the AI fixture and a DNS server that sends every *.ai.test name to them. */
export async function startAiWebsites(): Promise<{
  sites: LoopbackSites;
  dns: LoopbackDnsServer;
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const sites = await new LoopbackSites().start();
  sites
    .page('clinicsoft.ai.test', CLINICSOFT_PAGE)
    .page(
      'harbor-freight.ai.test',
      htmlPage(
        'Harbor Freight Lines',
        'We move freight across the Midwest for manufacturers and retailers. Our fleet of 900 trucks runs every day.',
      ),
    )
    .page(
      'foodbank.ai.test',
      htmlPage('Valley Food Bank', 'We feed 30,000 families a year through our community pantry network. Volunteers welcome.'),
    )
    .page('blocked.ai.test', htmlPage('Forbidden', 'Go away'), { status: 403 })
    .page('empty.ai.test', '<html><body><div id="app"></div></body></html>');
  const dns = await new LoopbackDnsServer().set('*.ai.test', ['127.0.0.1']).start();
  const env = loopbackScrapeEnv({
    dnsServer: dns.address,
    httpPort: sites.httpPort,
    httpsPort: await freePort(),
    timeoutMs: 5000,
    connectTimeoutMs: 2000,
  });
  return { sites, dns, env, stop: async () => void (await Promise.all([sites.stop(), dns.stop()])) };
}
