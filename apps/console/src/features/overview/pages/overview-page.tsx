import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { describeError } from '../../../shared/api/error-messages';
import { meQueryOptions } from '../../../shared/api/me.queries';
import { planQueryOptions } from '../../../shared/api/plan.queries';
import { overviewQueryOptions } from '../api/overview.queries';
import { HeldCredits } from '../components/held-credits';
import { LowBalanceNotice } from '../components/low-balance-notice';
import { LowBalanceThresholdForm } from '../components/low-balance-threshold-form';
import { PlanSummary } from '../components/plan-summary';
import { UsageChart } from '../components/usage-chart';

const number = new Intl.NumberFormat('en-US');

export function OverviewPage() {
  const overview = useQuery(overviewQueryOptions());
  const plan = useQuery(planQueryOptions());
  const me = useQuery(meQueryOptions());
  const isOwner = me.data?.user.role === 'owner';

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1}>Overview</Title>
        <Text c="dimmed">Your credits, what holds them, and what was spent over the last 30 days (UTC).</Text>
      </Stack>
      {overview.isPending && <Skeleton h={320} />}
      {overview.isError && (
        <Alert color="red" role="alert">
          {describeError(overview.error)}
        </Alert>
      )}
      {overview.data && (
        <>
          <LowBalanceNotice overview={overview.data} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Balance" value={overview.data.balance} testId="overview-balance" />
            <Figure label="Held by running jobs" value={overview.data.held.credits} testId="overview-held" />
            <Figure label="Earned in total" value={overview.data.total_earned} testId="overview-earned" />
            <Figure label="Spent in total" value={overview.data.total_spent} testId="overview-spent" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <Section title="Credits held">
              <HeldCredits held={overview.data.held} />
            </Section>
            <Section title="Plan">
              {plan.isPending && <Skeleton h={80} />}
              {plan.isError && (
                <Alert color="red" role="alert">
                  {describeError(plan.error)}
                </Alert>
              )}
              {plan.data && <PlanSummary view={plan.data} />}
            </Section>
          </SimpleGrid>
          <Section title="Spent per day, last 30 days">
            <UsageChart days={overview.data.days} />
            <Group>
              <Anchor renderRoot={(props) => <Link {...props} to="/usage" />} size="sm">
                Every entry on the Usage page
              </Anchor>
            </Group>
          </Section>
          <Section title="Low-balance notice">
            {isOwner ? (
              <LowBalanceThresholdForm overview={overview.data} />
            ) : (
              <Text size="sm" data-testid="threshold-state">
                {overview.data.low_balance.threshold === null
                  ? 'The notice shows when the balance would not last a day at the last 7 days’ pace. An owner can also set a threshold.'
                  : `The notice shows below ${number.format(overview.data.low_balance.threshold)} credits (set by an owner), and when the balance would not last a day at the last 7 days’ pace.`}
              </Text>
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {number.format(value)}
        <Text component="span" size="sm" fw={400}>
          {' '}
          credits
        </Text>
      </Text>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder p={{ base: 'sm', sm: 'md' }} aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
