import { useQueryClient } from '@tanstack/react-query';
import { can, messages, type CurrentUser, type DeviceDto, type MessageDto } from '@prospector/core';
import { formatPhone } from '../../lib/phone-format';
import { boardKeys, useBoardStatuses } from '../../features/board';
import { useDevices } from '../../features/devices';
import { messengerKeys } from '../../features/messenger';
import { useMembers } from '../../features/members';
import { notificationsKeys } from '../../features/notifications';
import { usePublicConfig } from '../../features/public-config';
import { RecordModal, recordKeys, type SmsSender, type SmsToolsSlot } from '../../features/records';
import { ReplyActionUndo, ReplyLabelChip } from '../../features/replies';
import { QuickReplyPicker } from '../../features/templates';
import { useRecordParam } from './use-record-param';

/** Android phones and iPhones send texts; a Mac only carries its iPhones' texts. */
function smsSendersOf(devices: readonly DeviceDto[]): SmsSender[] {
  return devices
    .filter((d) => !d.isComputer)
    .map((d) => ({ value: d.value, label: formatPhone(d.value), connected: d.connected }));
}

/** Quick replies (spec part 1 §2.6) put the chosen reply's text into the SMS box. */
const SmsTools: SmsToolsSlot = ({ insert, disabled }) => (
  <QuickReplyPicker onPick={insert} disabled={disabled} />
);

/**
 * A received text shows its label (issue 31), which a click changes; the system message that tells a
 * reply's automatic actions shows their Undo, after which the record's status, tasks and card reload.
 */
function messageExtraOf(onUndone: (itemId: string) => void) {
  return function MessageExtra(message: MessageDto) {
    if (message.system)
      return (
        <ReplyActionUndo
          itemId={message.itemId}
          messageId={message._id}
          onUndone={() => onUndone(message.itemId)}
        />
      );
    return message.direction === 'in' && !message.comment ? (
      <ReplyLabelChip itemId={message.itemId} messageId={message._id} />
    ) : null;
  };
}

/** The record modal over every logged-in screen, fed with the team's members, statuses and devices. */
export function RecordModalView({ user }: { user: CurrentUser }) {
  const { recordId, openRecord, closeRecord } = useRecordParam();
  const queryClient = useQueryClient();
  const open = recordId !== null;
  const members = useMembers(open).data ?? [];
  const statuses = useBoardStatuses(open).data ?? [];
  const config = usePublicConfig().data;
  const maps = {
    mapsConfigured: config?.mapsConfigured ?? false,
    geocoding: config?.geocoding ?? false,
    mapTileUrl: config?.mapTileUrl ?? null,
    mapTileAttribution: config?.mapTileAttribution ?? '',
    propertyInfoLookup: config?.propertyInfoLookup ?? false,
  };
  const devices = useDevices(open).data ?? [];
  const onUndone = (itemId: string) => {
    void queryClient.invalidateQueries({ queryKey: recordKeys.detail(itemId) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.tasks(itemId) });
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
  };
  return (
    <RecordModal
      itemId={recordId}
      onClose={closeRecord}
      onOpenItem={openRecord}
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
        // The Messenger's rows show the status and the last text's phone state.
        void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
      }}
      // Opening a record reads its notifications: the bell and the card's unread count change.
      onLoaded={() => {
        void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
        void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      }}
      members={members}
      statuses={statuses}
      viewerId={user._id}
      timeZone={user.team.timezone}
      crmPush={user.team.crmPush ?? false}
      maps={maps}
      smsSenders={smsSendersOf(devices)}
      smsTools={SmsTools}
      canText={can(user, 'sms')}
      smsNotice={user.team.suspension ? messages.admin.suspendedComposerNote : null}
      messageExtra={messageExtraOf(onUndone)}
    />
  );
}
