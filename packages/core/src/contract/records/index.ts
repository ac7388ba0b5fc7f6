export * from './dto.js';
export { getItem } from './get-item.js';
export { updateItem } from './update-item.js';
export { changeStatus } from './change-status.js';
export { addIdentifier } from './add-identifier.js';
export { changeIdentifier } from './change-identifier.js';
export { unlinkItems } from './unlink.js';
export { getDashboard, DASHBOARD_PAGE_SIZE } from './get-dashboard.js';
export { assign } from './assign.js';
export { search } from './search.js';
export { addComment } from './add-comment.js';
export { deschedule } from './deschedule.js';
export { getTasks, addTask, setTaskDue, setTaskText, setTaskCompleted } from './tasks.js';
export {
  getNotifications,
  markAllNotificationsRead,
  markAllNotificationsSeen,
  markNotificationRead,
} from './notifications.js';
export {
  addStatus,
  editStatusCallSettings,
  editStatusText,
  getStatusCallSettings,
  getStatuses,
  removeStatus,
  setStatusHidden,
  statusCallSettingsDto,
  type StatusCallSettingsDto,
} from './statuses.js';
export { getMembers } from './members.js';
export {
  geoPoint,
  getPropertyInfo,
  getPropertyCoordinates,
  getItemCoordinates,
  getStreetView,
  getMapImage,
  placeInfo,
  propertyFacts,
} from './maps.js';
export { addImage, PROPERTY_PHOTO_PATH } from './add-image.js';
export { updateItemPut } from './update-item.js';
export { addAndMapData } from './add-and-map.js';
export {
  getInbox,
  inboxRow,
  inboxType,
  INBOX_PAGE_SIZE,
  NO_STATUS,
  type InboxRow,
  type InboxType,
} from './inbox.js';
export {
  getPhoneHistory,
  phoneEventDto,
  phoneOriginDto,
  type PhoneEventDto,
  type PhoneOrigin,
} from './phone-history.js';
