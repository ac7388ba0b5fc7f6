import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { messages, PERMISSIBLE_USE_STATEMENT, type SkiptraceType } from '@prospector/core';
import { formatPrice } from './format-price';
const plural = (n: number, one: string, many: string) =>
  `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? one : many}`;

type SkiptraceDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Properties the trace would look up (those without phones). */
  count: number;
  prices: { single: number; multi: number };
  demo: boolean;
  pending: boolean;
  onConfirm: (type: SkiptraceType) => void;
};

/**
 * Asks before a skip trace: what it traces, what a hit costs (only hits are charged, nothing is
 * refunded once data is pulled, spec part 2 §9), and the permissible-use statement the user confirms.
 */
export function SkiptraceDialog({
  opened,
  onClose,
  count,
  prices,
  demo,
  pending,
  onConfirm,
}: SkiptraceDialogProps) {
  const [type, setType] = useState<SkiptraceType>('single');
  const [agreed, setAgreed] = useState(false);
  const price = prices[type];
  const close = () => {
    setAgreed(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Skip trace" centered size="md">
      <Stack gap="md">
        <Text size="sm">
          Look up the owners' phones and e-mails of <b>{plural(count, 'property', 'properties')}</b> without
          phones. You pay only for owners found: at most <b>{formatPrice(count * price)}</b>.
        </Text>
        <Radio.Group value={type} onChange={(v) => setType(v as SkiptraceType)} label="Data">
          <Stack gap={6} mt={6}>
            <Radio value="single" label={`Standard: the best phone, ${formatPrice(prices.single)} per hit`} />
            <Radio
              value="multi"
              label={`Alternate data: 1 to 6 phones, ${formatPrice(prices.multi)} per hit`}
            />
          </Stack>
        </Radio.Group>
        {demo && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconInfoCircle size={16} />}
            title={messages.skiptrace.demoData}
          >
            No skip-trace provider is configured: the numbers found are fictional (555-0100 to 555-0199), and
            credits are still counted as they would be.
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          No refunds once data is pulled.
        </Text>
        <Checkbox
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          label={PERMISSIBLE_USE_STATEMENT}
          styles={{ label: { fontSize: 'var(--mantine-font-size-sm)' } }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!agreed} loading={pending} onClick={() => onConfirm(type)}>
            Skip trace for up to {formatPrice(count * price)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
