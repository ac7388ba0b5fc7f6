import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { formatCard, messages, type BillingSummary } from '@prospector/core';

/** 'Active card with change dialog': the card payments are taken from. */
export function ActiveCard({ billing, onChange }: { billing: BillingSummary; onChange: () => void }) {
  const { card } = billing;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="active-card-title">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <IconCreditCard size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed" id="active-card-title">
              Active card
            </Text>
            {card ? (
              <>
                <Text fw={600}>{formatCard(card)}</Text>
                <Text size="xs" c="dimmed">
                  Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                </Text>
              </>
            ) : (
              <Text c="dimmed" size="sm">
                {billing.paymentsConfigured ? 'No card yet.' : messages.billing.paymentsNotConfigured}
              </Text>
            )}
          </Stack>
        </Group>
        {billing.paymentsConfigured && (
          <Button variant={card ? 'default' : 'filled'} onClick={onChange}>
            {card ? 'Change card' : 'Add a card'}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
