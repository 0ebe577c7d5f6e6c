import { PASSWORD_RULES } from '@linksmate/proto/rules';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';

/** Each password rule of docs/product.md#account-validation, ticked as it is met. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List spacing={2} size="xs" center aria-label="Requirements met so far">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.message}
            icon={
              <ThemeIcon
                color={met ? 'fairway' : 'gray.5'}
                size={16}
                radius="xl"
                variant={met ? 'filled' : 'light'}
              >
                {met ? <IconCheck size={11} aria-hidden /> : <IconPoint size={11} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="xs" c={met ? 'fairway.8' : 'dimmed'}>
              {rule.message.replace('Password must ', 'Must ').replace('Password must contain', 'Contains')}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
