import type { ComponentType } from 'react';
import { Badge, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail, IconMessage, IconPhone, type IconProps } from '@tabler/icons-react';
import { messages, type CampaignTypeName } from '@prospector/core';
import { notifyInfo } from '../../../lib/notify';

const TYPES: {
  value: CampaignTypeName;
  description: string;
  icon: ComponentType<IconProps>;
  available: boolean;
}[] = [
  { value: 'Text', description: 'SMS from your own devices', icon: IconMessage, available: true },
  { value: 'Call', description: 'Calls through the dialler', icon: IconPhone, available: true },
  { value: 'Email', description: 'E-mails to your contacts', icon: IconMail, available: false },
];

type CampaignTypePickerProps = {
  value: CampaignTypeName | null;
  onChange: (value: CampaignTypeName) => void;
};

/** Text, Call or Email: Text and Call are available; Email says 'Coming soon!' and the choice stays. */
export function CampaignTypePicker({ value, onChange }: CampaignTypePickerProps) {
  function choose(next: string) {
    const type = TYPES.find((t) => t.value === next);
    if (type?.available) onChange(type.value);
    else notifyInfo(messages.campaigns.comingSoon);
  }

  return (
    <Radio.Group value={value} onChange={choose} label="Campaign type" labelProps={{ mb: 'xs' }}>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
        {TYPES.map(({ value: type, description, icon: Icon, available }) => (
          <Radio.Card key={type} value={type} radius="md" p="md" aria-label={type}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ThemeIcon variant="light" color={available ? 'brand' : 'gray'} radius="md" size={36}>
                <Icon size={19} stroke={1.7} />
              </ThemeIcon>
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap={6}>
                  <Text fw={600} size="sm" c={available ? undefined : 'dimmed'}>
                    {type}
                  </Text>
                  {!available && (
                    <Badge size="xs" variant="light" color="gray" radius="sm">
                      Soon
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {description}
                </Text>
              </Stack>
              <Radio.Indicator />
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
