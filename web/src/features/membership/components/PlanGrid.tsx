import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type Plan, usePlans } from '../api/get-plans';
import { PlanCard } from './PlanCard';

export function PlanGrid({ onChoose }: { onChoose: (plan: Plan) => void }) {
  const plans = usePlans();
  if (plans.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={460} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" variant="light" title="The plans could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Please check your connection and try again.</Text>
          <Button size="xs" variant="white" color="red" onClick={() => plans.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {plans.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} onChoose={onChoose} />
      ))}
    </SimpleGrid>
  );
}
