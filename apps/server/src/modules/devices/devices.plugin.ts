import { servicePlugin } from '../../plugins/services.js';
import { defaultAgentFiles } from './agent-files.js';
import { createDeviceGateway } from './devices.gateway.js';
import { createDevicesService, type AgentFiles } from './devices.service.js';
import { createSimulatedPhones } from './simulated-phones.js';
import { createSmsService } from './sms.service.js';
import { createRemoteDriver } from './remote/remote-driver.js';
import { createRemoteCall } from './remote/remote-http.js';
import { createRemoteDevicesService } from './remote/remote.service.js';
import { createSseHub } from './sms-gateway/sms-gateway.events.js';
import { createSmsGatewayService } from './sms-gateway/sms-gateway.service.js';

export type DevicesOptions = {
  /** The device agent's files for 'Download app' (tests pass small stand-ins). */
  agentFiles?: AgentFiles;
};

/**
 * The team's phones and Macs: the device gateway on the sockets, the SMS service that queues texts for
 * it and takes its reports and inbound texts, and the simulated phones of demos and tests.
 */
export const devicesPlugin = servicePlugin(
  'devices',
  ['realtime', 'records', 'notifications', 'hooks', 'billing'],
  (app, { records, identifiers, thread, notifications, hooks, plans }, options: DevicesOptions) => {
    const { config, clock, database, realtime } = app;
    const { db } = database;
    const teamChanged = (teamId: string) => realtime.toTeam(teamId, 'devicesChanged', {});
    const simulatedPhones = createSimulatedPhones({
      db,
      secret: config.authSecret,
      dataDir: config.DATA_DIR,
      selfUrl: () => {
        const address = app.server.address();
        return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
      },
      host: config.SIMULATED_PHONES_HOST,
      peers: realtime.peers,
      log: app.log,
    });
    // The gateway reads the SMS service's reports, and the SMS service wakes the gateway: the gateway
    // takes it as a getter, called only once a device speaks.
    const gateway = createDeviceGateway({
      io: realtime.io,
      db,
      dispatchDb: database.dispatch,
      clock,
      secret: config.authSecret,
      sms: () => sms,
      log: app.log,
      onChanged: teamChanged,
      peers: realtime.peers,
      options: {
        maxInFlight: config.DEVICE_MAX_IN_FLIGHT,
        offerTimeoutMs: 10_000,
        strandedAfterMs: config.DEVICE_JOB_TIMEOUT_MS,
        sweepMs: config.DEVICE_SWEEP_MS,
        inboundRate: { perSecond: config.DEVICE_INBOUND_PER_SECOND, burst: config.DEVICE_INBOUND_BURST },
      },
    });
    // The SMS Gateway app's phones hold an event stream, not a socket: new work reaches them through it.
    const hub = createSseHub({
      db,
      clock,
      log: app.log,
      peers: realtime.peers,
      maxInFlight: config.DEVICE_MAX_IN_FLIGHT,
      onChanged: teamChanged,
    });
    const kick = (deviceId: string) => {
      if (!hub.kick(deviceId)) gateway.kick(deviceId);
      remoteDriver.kick(deviceId);
    };
    const sms = createSmsService({
      db,
      urgentDb: database.urgent,
      dispatchDb: database.dispatch,
      clock,
      records,
      identifiers,
      thread,
      notifications,
      realtime,
      kick,
      retryBaseMs: config.DEVICE_RETRY_BASE_MS,
      hooks,
      plans,
    });
    const devices = createDevicesService({
      db,
      clock,
      secret: config.authSecret,
      publicUrl: config.PUBLIC_URL,
      agent: options.agentFiles ?? defaultAgentFiles(),
      onChanged: (teamId, removedIds = []) => {
        void simulatedPhones.forget(removedIds);
        for (const id of removedIds) {
          gateway.drop(id);
          hub.drop(id);
          smsGateway.forget(id);
        }
        teamChanged(teamId);
      },
    });
    const smsGateway = createSmsGatewayService({
      db,
      clock,
      secret: config.authSecret,
      publicUrl: config.PUBLIC_URL,
      pacing: {
        gapMinMs: config.CAMPAIGN_GAP_MIN_MS,
        gapMaxMs: Math.max(config.CAMPAIGN_GAP_MIN_MS, config.CAMPAIGN_GAP_MAX_MS),
      },
      maxInFlight: config.DEVICE_MAX_IN_FLIGHT,
      sms: () => sms,
      hub,
      onChanged: teamChanged,
    });
    // Phones in local server mode and BlueBubbles Macs: the server calls them (ADR 034).
    const remoteCall = createRemoteCall({ allowLoopback: config.REMOTE_DEVICES_ALLOW_LOOPBACK });
    const remoteDriver = createRemoteDriver({
      db,
      dispatchDb: database.dispatch,
      clock,
      secret: config.authSecret,
      sms: () => sms,
      log: app.log,
      onChanged: teamChanged,
      call: remoteCall,
      options: { pollMs: config.REMOTE_DEVICES_POLL_MS, maxInFlight: config.DEVICE_MAX_IN_FLIGHT },
    });
    const remoteDevices = createRemoteDevicesService({
      db,
      clock,
      secret: config.authSecret,
      publicUrl: config.PUBLIC_URL,
      call: remoteCall,
      allowLoopback: config.REMOTE_DEVICES_ALLOW_LOOPBACK,
      dto: (auth, device) => devices.dto(auth, device),
      onAdded: (teamId, deviceId) => {
        teamChanged(teamId);
        remoteDriver.adopt(deviceId);
      },
    });
    return { devices, simulatedPhones, gateway, sms, smsGateway, remoteDriver, remoteDevices };
  },
);
