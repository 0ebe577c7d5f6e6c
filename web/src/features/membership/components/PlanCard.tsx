import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Plan } from '../api/get-plans';
import { intervalLabel, money } from './money';
import classes from './PlanCard.module.css';

const BADGE_COLOURS: Record<string, string> = { green: 'fairway', gold: 'sand' };

export function PlanCard({
  plan,
  onChoose,
  compact = false,
}: {
  plan: Plan;
  onChoose: (plan: Plan) => void;
  compact?: boolean;
}) {
  const highlighted = plan.popular || plan.featured;
  return (
    <Card
      className={classes.card}
      data-highlighted={highlighted || undefined}
      shadow={highlighted ? 'md' : 'xs'}
      data-testid={`plan-${plan.id}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="start">
          {/* The page above has its h1 and nothing between: a plan is the next level down (heading order). */}
          <Title order={2} size="h3">
            {plan.name}
          </Title>
          <Group gap={6}>
            {plan.popular && <Badge color="fairway">Most popular</Badge>}
            {plan.badge && (
              <Badge
                color={BADGE_COLOURS[plan.badge_color ?? ''] ?? 'fairway'}
                variant="light"
                c={plan.badge_color === 'gold' ? 'sand.9' : undefined}
              >
                {plan.badge}
              </Badge>
            )}
          </Group>
        </Group>
        <div>
          <Group gap={8} align="baseline">
            <Text fz={36} fw={800} lh={1}>
              {money(plan.price, plan.currency)}
            </Text>
            {plan.originalPrice && (
              <Text td="line-through" c="dimmed">
                {money(plan.originalPrice, plan.currency)}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {intervalLabel(plan)} · plus GST
          </Text>
          {plan.trial_days > 0 && (
            <Text size="sm" c="fairway.8" fw={600} mt={4}>
              {plan.trial_days}-day free trial
            </Text>
          )}
        </div>
        <Text size="sm">{plan.description}</Text>
        {!compact && (
          <List
            spacing={6}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" variant="light">
                <IconCheck size={12} aria-hidden />
              </ThemeIcon>
            }
          >
            {plan.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        )}
        <Button mt="auto" fullWidth variant={highlighted ? 'filled' : 'light'} onClick={() => onChoose(plan)}>
          {plan.trial_days > 0 ? `Start free trial` : `Choose ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}
