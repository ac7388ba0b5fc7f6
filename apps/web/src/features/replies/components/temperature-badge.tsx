import { Badge } from '@mantine/core';
import { IconFlame, IconSnowflake, IconSkull, IconTemperature } from '@tabler/icons-react';
import type { Temperature } from '@prospector/core';
import { useTemperature } from '../api/get-temperatures';

const LOOK: Record<Temperature, { color: string; icon: typeof IconFlame; text: string }> = {
  hot: { color: 'red', icon: IconFlame, text: 'Hot' },
  warm: { color: 'orange', icon: IconTemperature, text: 'Warm' },
  cold: { color: 'blue', icon: IconSnowflake, text: 'Cold' },
  dead: { color: 'gray', icon: IconSkull, text: 'Dead' },
};

/** A board card's temperature, read from the contact's latest labelled reply; nothing before one. */
export function TemperatureBadge({ itemId }: { itemId: string }) {
  const temperature = useTemperature(itemId).data;
  if (!temperature) return null;
  const { color, icon: Icon, text } = LOOK[temperature];
  return (
    <Badge
      size="sm"
      variant="light"
      tt="none"
      fw={600}
      color={color}
      leftSection={<Icon size={12} />}
      aria-label={`Temperature: ${text}`}
      data-testid="temperature"
    >
      {text}
    </Badge>
  );
}
