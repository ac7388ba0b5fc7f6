import { defineModule } from '../../plugins/app-module.js';
import { devicesPlugin } from './devices.plugin.js';
import { devicesRoutes } from './devices.routes.js';
import { smsGatewayRoutes } from './sms-gateway/sms-gateway.routes.js';
import { remoteDevicesRoutes } from './remote/remote.routes.js';
import { devicesErrors } from './devices.errors.js';
import type { DevicesService } from './devices.service.js';
import type { SmsService } from './sms.service.js';
import type { DeviceGateway } from './devices.gateway.js';
import type { SmsGatewayService } from './sms-gateway/sms-gateway.service.js';
import type { RemoteDriver } from './remote/remote-driver.js';
import type { RemoteDevicesService } from './remote/remote.service.js';
import type { SimulatedPhones } from './simulated-phones.js';
export {
  createDevicesService,
  listTeamDevices,
  type DevicesService,
  type AgentFiles,
} from './devices.service.js';
export { createSmsService, type SmsService } from './sms.service.js';
export { queueDeviceTexts, type SmsJobRow } from './sms-jobs.service.js';
export { createDeviceGateway, type DeviceGateway } from './devices.gateway.js';
export { devicesRoutes } from './devices.routes.js';
export { deviceToken } from './devices.tokens.js';
export { createSimulatedPhones, type SimulatedPhones } from './simulated-phones.js';
export { remoteDevicesRoutes } from './remote/remote.routes.js';
export type { RemoteDriver } from './remote/remote-driver.js';
export type { RemoteDevicesService } from './remote/remote.service.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    devices: DevicesService;
    sms: SmsService;
    gateway: DeviceGateway;
    smsGateway: SmsGatewayService;
    remoteDriver: RemoteDriver;
    remoteDevices: RemoteDevicesService;
    simulatedPhones: SimulatedPhones;
  }
}

/** The team's phones: agents, the SMS Gateway app, BlueBubbles and LAN phones, simulated phones, and texts. */
export const devicesModule = defineModule({
  name: 'devices',
  plugins: [devicesPlugin],
  routes: [devicesRoutes, smsGatewayRoutes, remoteDevicesRoutes],
  errors: { devices: devicesErrors },
  start: (app) => {
    const s = app.services;
    s.gateway.start();
    s.smsGateway.hub.start();
    s.remoteDriver.start();
  },
  listen: async (app) => {
    await app.services.simulatedPhones.resume();
  },
  stop: async (app) => {
    const s = app.services;
    await s.simulatedPhones.stopAll();
    await s.remoteDriver.stop();
    await s.gateway.stop();
    await s.smsGateway.hub.stop();
    await s.smsGateway.settle();
  },
});
