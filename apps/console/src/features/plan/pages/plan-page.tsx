import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { planQueryOptions } from '../../../shared/api/plan.queries';
import { CurrentPlan } from '../components/current-plan';
import { PlanTable } from '../components/plan-table';
import { StartTrialModal } from '../components/start-trial-modal';
import { TrialStatus } from '../components/trial-status';

export function PlanPage() {
  const plan = useQuery(planQueryOptions());
  const [starting, setStarting] = useState(false);

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Plan</Title>
        <Text c="dimmed">What your account is granted each month, and the one-time trial.</Text>
      </Stack>
      {plan.isPending && <Skeleton h={240} />}
      {plan.isError && (
        <Alert color="red" role="alert">
          {describeError(plan.error)}
        </Alert>
      )}
      {plan.data && (
        <>
          <Section title="Your plan">
            <CurrentPlan view={plan.data} />
          </Section>
          <Section title="Plans">
            <PlanTable view={plan.data} />
          </Section>
          <Section title="Trial">
            <TrialStatus view={plan.data} onStart={() => setStarting(true)} />
          </Section>
          <StartTrialModal opened={starting} view={plan.data} onClose={() => setStarting(false)} />
        </>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'lg' }} aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
