export {
  createDevicesService,
  listTeamDevices,
  type DevicesService,
  type AgentFiles,
} from './devices.service.js';
export { createSmsService, type SmsService } from './sms.service.js';
export { createDeviceGateway, type DeviceGateway } from './devices.gateway.js';
export { devicesRoutes } from './devices.routes.js';
export { deviceToken } from './devices.tokens.js';
export { createSimulatedPhones, type SimulatedPhones } from './simulated-phones.js';
export { remoteDevicesRoutes } from './remote/remote.routes.js';
export type { RemoteDriver } from './remote/remote-driver.js';
export type { RemoteDevicesService } from './remote/remote.service.js';
