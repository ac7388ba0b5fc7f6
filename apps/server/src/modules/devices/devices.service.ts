import {
  isDeviceConnected,
  deviceValue,
  mayHoldDevice,
  messages,
  type PermissionKey,
  type getDevicePairing,
  type DeviceDto,
} from '@prospector/core';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { DevicesErrorCode } from './devices.errors.js';
import * as q from './devices.queries.js';
import { deviceToken } from './devices.tokens.js';

type R<T> = Promise<Result<T, DevicesErrorCode>>;

type DevicePairing = z.infer<typeof getDevicePairing.response>;

export type AgentFiles = {
  /** The bundled agent program, or null while it is being built. */
  bundle: () => Promise<string | null>;
  readmes: { android: string; macos: string };
};

/** The team's devices in the order they were added: phones, Macs and the iPhones behind them. */
export function listTeamDevices(db: Db, teamId: string): Promise<q.DeviceRow[]> {
  return q.listDevices(db, teamId);
}

export function createDevicesService(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  publicUrl: string;
  agent: AgentFiles;
  /** Devices were added or removed (removed ids: their agents are disconnected). */
  onChanged: (teamId: string, removedIds?: string[]) => void;
}) {
  const { db, clock } = deps;

  function toDto(d: q.DeviceRow, all: q.DeviceRow[]): DeviceDto {
    const mac = d.macId ? all.find((m) => m.id === d.macId) : undefined;
    const agent = d.kind === 'iphone' ? mac : d;
    return {
      _id: d.id,
      value: d.value,
      phoneType: d.kind === 'android' ? 'Android' : 'Apple',
      isComputer: d.kind === 'mac',
      macName: mac?.value ?? null,
      macId: d.macId,
      isIntel: d.isIntel,
      simulated: d.simulated,
      transport: d.transport,
      connected: agent ? isDeviceConnected(agent, clock.now()) : false,
      pingedAt: (agent?.pingedAt ?? null)?.toISOString() ?? null,
      sentToday: d.sentToday,
      receivedToday: d.receivedToday,
    };
  }

  async function added(auth: AuthContext, row: Parameters<typeof q.insertDevice>[1]): R<DeviceDto> {
    const device = await q.insertDevice(db, row);
    if (!device) return fail('DEVICE_DUPLICATE');
    // An iPhone's texts pass through its Mac's agent: its adder holds both.
    for (const id of [device.id, device.macId]) if (id) await q.addHolder(db, id, auth.userId);
    deps.onChanged(auth.teamId);
    return ok(toDto(device, await q.listDevices(db, auth.teamId)));
  }

  /**
   * What the agent of this device connects with: an Android phone's own token, an iPhone's Mac's
   * (the Mac runs the agent). Another team's device is not found.
   */
  async function pairing(auth: AuthContext, deviceId: string): R<DevicePairing> {
    const device = await q.findDevice(db, deviceId);
    if (!device || device.teamId !== auth.teamId) return fail('DEVICE_NOT_FOUND');
    const agentDevice =
      device.kind === 'iphone' && device.macId ? await q.findDevice(db, device.macId) : device;
    if (!agentDevice) return fail('DEVICE_NOT_FOUND');
    await q.addHolder(db, agentDevice.id, auth.userId);
    return ok({
      agentDeviceId: agentDevice.id,
      agentName: agentDevice.value,
      platform: agentDevice.kind === 'android' ? 'android' : 'macos',
      serverUrl: deps.publicUrl,
      deviceToken: deviceToken(deps.secret, agentDevice.id, agentDevice.tokenVersion),
    });
  }

  return {
    async list(auth: AuthContext) {
      const all = await q.listDevices(db, auth.teamId);
      return all.map((d) => toDto(d, all));
    },

    async addNumber(
      auth: AuthContext,
      input: { phoneType: 'Apple' | 'Android'; value: string; macName?: string | null },
    ): R<DeviceDto> {
      const value = deviceValue(input.phoneType, input.value);
      if (!value) return fail('DEVICE_INVALID');
      let macId: string | null = null;
      if (input.phoneType === 'Apple') {
        const name = input.macName?.trim().toLowerCase();
        const mac = (await q.listDevices(db, auth.teamId)).find(
          (d) => d.kind === 'mac' && d.value.toLowerCase() === name,
        );
        if (!mac) return fail('COMPUTER_FIRST');
        macId = mac.id;
      }
      return added(auth, {
        teamId: auth.teamId,
        kind: input.phoneType === 'Android' ? 'android' : 'iphone',
        value,
        macId,
        createdAt: clock.now(),
      });
    },

    /** A simulated Android phone on the first free fictional number +1 (916) 555-01xx. */
    async addSimulated(auth: AuthContext): R<q.DeviceRow> {
      const taken = new Set((await q.listDevices(db, auth.teamId)).map((d) => d.value));
      for (let n = 100; n < 200; n++) {
        const value = `+1916555${String(n).padStart(4, '0')}`;
        if (taken.has(value)) continue;
        const device = await q.insertDevice(db, {
          teamId: auth.teamId,
          kind: 'android',
          value,
          simulated: true,
          createdAt: clock.now(),
        });
        if (!device) continue;
        deps.onChanged(auth.teamId);
        return ok(device);
      }
      return fail('SIMULATED_FULL');
    },

    dto: async (auth: AuthContext, device: q.DeviceRow) =>
      toDto(device, await q.listDevices(db, auth.teamId)),

    /** An empty computer name is ignored: nothing is added and null comes back. */
    async addMac(auth: AuthContext, input: { macName: string; isIntel: boolean }): R<DeviceDto | null> {
      const name = input.macName.trim();
      if (!name) return ok(null);
      return added(auth, {
        teamId: auth.teamId,
        kind: 'mac',
        value: name,
        isIntel: input.isIntel,
        createdAt: clock.now(),
      });
    },

    async remove(auth: AuthContext, values: string[]) {
      const wanted = new Set(values.map((v) => v.trim().toLowerCase()));
      const all = await q.listDevices(db, auth.teamId);
      const ids = all.filter((d) => wanted.has(d.value.toLowerCase())).map((d) => d.id);
      const withPhones = all.filter((d) => ids.includes(d.id) || (d.macId && ids.includes(d.macId)));
      const removed = await q.deleteDevices(db, auth.teamId, ids);
      if (removed)
        deps.onChanged(
          auth.teamId,
          withPhones.map((d) => d.id),
        );
      return removed;
    },

    pairing,

    /**
     * A member's access changed (issue 36): when they may no longer hold a device, the devices they
     * were handed stop at once: their credentials are voided and their agents disconnected, in
     * whichever process holds them. Answers how many devices stopped.
     */
    async accessChanged(
      teamId: string,
      member: {
        id: string;
        role: 'admin' | 'member';
        dataAccess: string;
        permissions: readonly PermissionKey[];
      } | null,
      userId: string,
    ): Promise<number> {
      if (member && mayHoldDevice(member)) return 0;
      const voided = await q.voidHeldDevices(db, teamId, userId, clock.now());
      if (voided.length > 0)
        deps.onChanged(
          teamId,
          voided.map((d) => d.id),
        );
      return voided.length;
    },

    /** The agent's zip for an Android phone or a Mac: program, config with this device's token, README. */
    async download(auth: AuthContext, deviceId: string): R<{ fileName: string; zip: Buffer }> {
      const paired = await pairing(auth, deviceId);
      if (!paired.ok) return paired;
      const { agentName, platform, serverUrl, deviceToken } = paired.value;
      const bundle = await deps.agent.bundle();
      if (!bundle) return fail('APP_NOT_READY');
      const android = platform === 'android';
      const config = {
        serverUrl,
        deviceToken,
        driver: platform,
        ...(android ? {} : { macos: { service: 'SMS' } }),
      };
      const zip = new JSZip();
      const folder = zip.folder('prospector-agent')!;
      folder.file('agent.mjs', await readFile(bundle));
      folder.file('agent.config.json', `${JSON.stringify(config, null, 2)}\n`);
      folder.file('README.md', android ? deps.agent.readmes.android : deps.agent.readmes.macos);
      const slug = agentName
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase();
      return ok({
        fileName: `prospector-agent-${slug || 'device'}.zip`,
        zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      });
    },

    messages: messages.devices,
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
