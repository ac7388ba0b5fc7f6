import { Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconHome, IconUser } from '@tabler/icons-react';
import { useRecordCards } from '../api/get-record-cards';

const ICONS = { contact: IconUser, property: IconHome, company: IconBuilding };

type RecordCardsProps = { itemIds: readonly string[]; onOpenItem: (id: string) => void };

/** A record linked from a chat, as a card with its title: only records the reader may open come back. */
export function RecordCards({ itemIds, onOpenItem }: RecordCardsProps) {
  const cards = useRecordCards(itemIds);
  if (!cards.data?.length) return null;
  return (
    <>
      {cards.data.map((card) => {
        const Icon = ICONS[card.type];
        return (
          <UnstyledButton
            key={card._id}
            onClick={() => onOpenItem(card._id)}
            aria-label={`Open ${card.title}`}
          >
            <Paper withBorder radius="md" p={8} mt={6} bg="white">
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={26} radius="md" variant="light">
                  <Icon size={16} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate c="dark">
                    {card.title}
                  </Text>
                  <Text size="xs" c="dimmed" tt="capitalize">
                    {card.type}
                  </Text>
                </div>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </>
  );
}
