import { Inject, Injectable } from '@nestjs/common';
import type { IcpScoreRequest, IcpScoreResponse } from '@lead-engine/contracts';
import { DomainError, fitForGrade, gradeForScore, isFreeMailDomain, normalizeScrapeInput, ProspectFacts } from '@lead-engine/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CreditsRepository } from '../../credits/credits.repository';
import type { ChargingKey } from '../../identity/charging-key';
import { EnforceKeyBudgetUseCase } from '../../credits/use-cases/enforce-key-budget.use-case';
import { MoveCreditsUseCase } from '../../credits/use-cases/move-credits.use-case';
import { AI_PROVIDER, AiProvider } from '../../ai/ai-provider.port';
import { prospectFactsOf } from '../../ai/prospects/prospect-facts-of';
import { ProspectsRepository } from '../../ai/prospects/prospects.repository';
import { WEBSITE_TEXT_READER, WebsiteTextReader } from '../../ai/website-text/website-text-reader.port';

export const ICP_SCORE_COST = 1;

export interface ScoreIcpCommand extends ChargingKey {
  request: IcpScoreRequest;
}

const hostOf = (value: string | undefined) => (value ? normalizeScrapeInput(value).host : null);

/**
 * Grades one contact against a target ICP. The balance is checked first so that an account that
 * cannot pay does not spend an AI call; the credit is taken only once the provider has answered,
 * in its own transaction, so a failed or unavailable provider costs nothing.
 */
@Injectable()
export class ScoreIcpUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsRepository,
    private readonly moveCredits: MoveCreditsUseCase,
    private readonly keyBudget: EnforceKeyBudgetUseCase,
    private readonly prospects: ProspectsRepository,
    @Inject(WEBSITE_TEXT_READER) private readonly websites: WebsiteTextReader,
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
  ) {}

  async execute({ request, ...key }: ScoreIcpCommand): Promise<IcpScoreResponse> {
    const { accountId, apiKeyId } = key;
    const balance = (await this.credits.readBalance(accountId))?.balance ?? 0;
    if (balance < ICP_SCORE_COST) {
      throw new DomainError('INSUFFICIENT_CREDITS', `An ICP score costs ${ICP_SCORE_COST} credit; the balance is ${balance}.`, {
        required: ICP_SCORE_COST,
        balance,
      });
    }
    // The key's budget is checked before the AI call and again, under its lock, with the charge.
    await this.keyBudget.beforeWork(key, ICP_SCORE_COST);
    const facts = await this.research(request);
    const assessment = await this.ai.scoreIcp({ targetIcp: request.target_icp, facts });
    await this.dataSource.transaction(async (manager) => {
      await this.keyBudget.execute(manager, key, ICP_SCORE_COST);
      await this.moveCredits.spend(manager, {
        accountId,
        amount: ICP_SCORE_COST,
        reason: 'icp score',
        reference: `icp:${randomUUID()}`,
        apiKeyId,
      });
    });
    const grade = gradeForScore(assessment.score);
    return {
      grade,
      score: assessment.score,
      fit: fitForGrade(grade),
      company_type: assessment.company_type,
      their_solution: assessment.their_solution,
      buyer_personas: assessment.buyer_personas,
      analysis: assessment.analysis,
      cost_credits: ICP_SCORE_COST,
      company_type_plural: assessment.company_type_plural,
      industry_descriptor: assessment.industry_descriptor,
    };
  }

  private async research(request: IcpScoreRequest): Promise<ProspectFacts> {
    const email = request.email?.trim().toLowerCase() || null;
    const emailHost = email?.includes('@') ? hostOf(email) : null;
    const companyHost = hostOf(request.domain) ?? (emailHost && !isFreeMailDomain(emailHost) ? emailHost : null);
    const contact = email
      ? ((await this.prospects.contactsByEmail([email])).get(email) ?? null)
      : companyHost && request.first_name && request.last_name
        ? await this.prospects.contactByName(companyHost, request.first_name, request.last_name)
        : null;
    const domain = companyHost ?? contact?.company.domain ?? null;
    const company = !contact && domain ? ((await this.prospects.companiesByDomain([domain])).get(domain) ?? null) : null;
    const website = domain ? await this.websites.read(domain) : { text: null };
    return prospectFactsOf(
      {
        email,
        firstName: request.first_name,
        lastName: request.last_name,
        company: request.company,
        title: request.title,
        industry: request.industry,
      },
      contact,
      company,
      { domain, text: website.text },
    );
  }
}
